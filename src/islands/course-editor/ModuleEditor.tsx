import { use, useState } from 'react';
import type { Module } from '../../api/courses.ts';
import { $editor, deleteModule, moveModuleTo, setModuleActive, setModuleTitle } from '../../stores/courses/editor.ts';
import ArrowIcon from '../ui/ArrowIcon.tsx';
import LanguageText from '../ui/LanguageText.tsx';
import { EditingLanguage } from '../ui/LanguageTexts.tsx';
import TrashIcon from '../ui/TrashIcon.tsx';
import DeleteConfirm from './DeleteConfirm.tsx';
import { dropProps } from './drag.ts';
import { ADD_MODULE_BUTTON_ID, deleteButtonId, focusAfterDelete } from './focus.ts';
import ModuleCases from './ModuleCases.tsx';
import MoveControls from './MoveControls.tsx';
import { titleIn } from './texts.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  module: Module;
  /** The module's position, from 0, as the editor's actions take it, among `count`. */
  index: number;
  count: number;
  locale: string;
  strings: Sections<'course' | 'common'>;
}

/** One module in the editor: its title, active toggle and delete, and its cases, which fold away. */
export default function ModuleEditor({ module, index, count, locale, strings }: Props) {
  const lang = use(EditingLanguage);
  const [asking, setAsking] = useState(false);
  const [open, setOpen] = useState(true);
  const n = index + 1;
  const casesId = `module-${n}-cases`;
  return (
    <li className={`module${module.active ? '' : ' inactive'}`} {...dropProps('modules', index, moveModuleTo)}>
      <div className="module-head module-head-wrap">
        <MoveControls
          id={module.id}
          index={index}
          count={count}
          group="modules"
          labels={{ up: fill(strings['course.moveModuleUp'], { n }), down: fill(strings['course.moveModuleDown'], { n }) }}
          onMove={(to) => moveModuleTo(index, to)}
        />
        <span className="module-index" aria-hidden="true">
          {n}
        </span>
        <LanguageText
          ariaLabel={fill(strings['course.moduleTitle'], { n })}
          value={titleIn(lang, module)}
          english={module.title}
          maxLength={200}
          onChange={(title) => setModuleTitle(index, title)}
        />
        <label className="active-toggle">
          <input type="checkbox" checked={module.active} onChange={(e) => setModuleActive(index, e.target.checked)} />
          {strings['course.active']}
          <span className="visually-hidden">{fill(strings['common.module'], { n })}</span>
        </label>
        {!module.active && <span className="module-badge">{strings['course.inactive']}</span>}
        <button
          id={deleteButtonId(module.id)}
          type="button"
          className="icon-button"
          aria-label={fill(strings['course.deleteModule'], { n })}
          onClick={() => setAsking(true)}
        >
          <TrashIcon />
        </button>
        <button
          type="button"
          className="toggle"
          aria-expanded={open}
          aria-controls={casesId}
          aria-label={fill(strings['course.cases'], { n })}
          onClick={() => setOpen(!open)}
        >
          <ArrowIcon />
        </button>
      </div>
      <DeleteConfirm
        open={asking}
        kind="modules"
        id={module.id}
        title={fill(strings['course.deleteModuleAsk'], { n })}
        onCancel={() => setAsking(false)}
        onDelete={() => {
          setAsking(false);
          deleteModule(index);
          focusAfterDelete($editor.get().draft?.levels ?? [], index, ADD_MODULE_BUTTON_ID);
        }}
        locale={locale}
        strings={strings}
      />
      <ModuleCases id={casesId} module={module} index={index} hidden={!open} locale={locale} strings={strings} />
    </li>
  );
}
