import type { Module } from '../../api/courses.ts';
import { addCase } from '../../stores/courses/editor.ts';
import CaseEditor from './CaseEditor.tsx';
import { addCaseButtonId } from './focus.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  id: string;
  module: Module;
  /** The module's position, from 0, as the editor's actions take it. */
  index: number;
  hidden: boolean;
  locale: string;
  strings: Sections<'course' | 'common'>;
}

/** A module's cases in the editor, folded away with their module, and the button that adds one. */
export default function ModuleCases({ id, module, index, hidden, locale, strings }: Props) {
  return (
    <div id={id} hidden={hidden}>
      <ol className="cases">
        {module.cases.map((c, j) => (
          <CaseEditor key={c.id} item={c} moduleIndex={index} index={j} count={module.cases.length} locale={locale} strings={strings} />
        ))}
      </ol>
      <p className="add-case">
        <button id={addCaseButtonId(module.id)} type="button" className="button button-small button-ghost" onClick={() => addCase(index)}>
          + {strings['course.addCase']}
        </button>
      </p>
    </div>
  );
}
