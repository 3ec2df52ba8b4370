import { use, useState } from 'react';
import type { CaseItem } from '../../api/courses.ts';
import { $editor, deleteCase, moveCaseTo, setCaseTitle, setPassMark } from '../../stores/courses/editor.ts';
import ArrowIcon from '../ui/ArrowIcon.tsx';
import LanguageText from '../ui/LanguageText.tsx';
import { EditingLanguage } from '../ui/LanguageTexts.tsx';
import TrashIcon from '../ui/TrashIcon.tsx';
import DeleteConfirm from './DeleteConfirm.tsx';
import CaseSimFields from './CaseSimFields.tsx';
import { dropProps } from './drag.ts';
import { addCaseButtonId, deleteButtonId, focusAfterDelete } from './focus.ts';
import MoveControls from './MoveControls.tsx';
import { titleIn } from './texts.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  item: CaseItem;
  /** Module and case positions, from 0, as the editor's actions take them. */
  moduleIndex: number;
  index: number;
  /** How many cases the module has. */
  count: number;
  locale: string;
  strings: Sections<'course' | 'common'>;
}

/** One case in the editor: its title, pass mark and delete, and its simulator parameters, which take room: shown on demand. */
export default function CaseEditor({ item, moduleIndex, index, count, locale, strings }: Props) {
  const lang = use(EditingLanguage);
  const [asking, setAsking] = useState(false);
  const [simShown, setSimShown] = useState(false);
  const where = { n: moduleIndex + 1, c: index + 1 };
  const simId = `sim-${where.n}-${where.c}`;
  return (
    <li className="case case-edit" {...dropProps(`cases-${moduleIndex}`, index, (from, to) => moveCaseTo(moduleIndex, from, to))}>
      <MoveControls
        id={item.id}
        index={index}
        count={count}
        group={`cases-${moduleIndex}`}
        labels={{ up: fill(strings['course.moveCaseUp'], where), down: fill(strings['course.moveCaseDown'], where) }}
        onMove={(to) => moveCaseTo(moduleIndex, index, to)}
      />
      <span className="case-index" aria-hidden="true">
        {where.c}
      </span>
      <LanguageText
        ariaLabel={fill(strings['course.caseTitle'], where)}
        value={titleIn(lang, item)}
        english={item.title}
        maxLength={200}
        onChange={(title) => setCaseTitle(moduleIndex, index, title)}
      />
      <label className="pass-mark">
        {strings['course.passMark']}
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          aria-label={fill(strings['course.passMarkOf'], where)}
          value={item.passMark ?? ''}
          onChange={(e) => setPassMark(moduleIndex, index, e.target.value === '' || Number.isNaN(e.target.valueAsNumber) ? null : e.target.valueAsNumber)}
        />
      </label>
      <button
        id={deleteButtonId(item.id)}
        type="button"
        className="icon-button"
        aria-label={fill(strings['course.deleteCase'], where)}
        onClick={() => setAsking(true)}
      >
        <TrashIcon />
      </button>
      <button
        type="button"
        className="button button-small button-ghost case-sim-toggle"
        aria-expanded={simShown}
        aria-controls={simId}
        aria-label={fill(strings['course.sim.legend'], where)}
        onClick={() => setSimShown(!simShown)}
      >
        {strings['course.sim.toggle']}
        <ArrowIcon />
      </button>
      <DeleteConfirm
        open={asking}
        kind="cases"
        id={item.id}
        title={fill(strings['course.deleteCaseAsk'], where)}
        onCancel={() => setAsking(false)}
        onDelete={() => {
          setAsking(false);
          deleteCase(moduleIndex, index);
          const held = $editor.get().draft?.levels[moduleIndex];
          if (held) focusAfterDelete(held.cases, index, addCaseButtonId(held.id));
        }}
        locale={locale}
        strings={strings}
      />
      <CaseSimFields moduleIndex={moduleIndex} index={index} item={item} locale={locale} id={simId} hidden={!simShown} strings={strings} />
    </li>
  );
}
