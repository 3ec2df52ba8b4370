import type { EditorState } from '../../stores/courses/editor.ts';
import { keepEditing, publishAnyway } from '../../stores/courses/editor.ts';
import Dialog from '../ui/Dialog.tsx';
import FormError from '../ui/FormError.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import { isolated, languageNames, textName, textNames } from './texts.ts';

interface Props {
  locale: string;
  state: EditorState;
  strings: Sections<'course'>;
}

/** Asked before publishing a draft that misses translations or still holds placeholders: keep editing, or publish anyway. */
export default function PublishChecks({ locale, state, strings }: Props) {
  return (
    <Dialog open={state.checking} title={strings['course.checks.title']} onClose={keepEditing} className="publish-checks">
      {state.checks && state.checks.missing.length > 0 && (
        <>
          <p>{strings['course.checks.missing']}</p>
          <ul>
            {state.checks.missing.map((group) => (
              <li key={group.locales.join()}>
                {fill(strings['course.checks.line'], { languages: languageNames(group.locales, locale), texts: textNames(group.texts, strings, locale) })}
              </li>
            ))}
          </ul>
        </>
      )}
      {state.checks && state.checks.placeholders.length > 0 && (
        <>
          <p>{strings['course.checks.placeholders']}</p>
          <ul>
            {state.checks.placeholders.map((p) => (
              <li key={`${p.text}-${p.module}-${p.case}`}>
                {fill(strings['course.checks.placeholder'], { text: textName(p, strings), value: isolated(p.value) })}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>{strings['course.checks.anyway']}</p>
      {state.error && state.checking && <FormError>{strings[state.error]}</FormError>}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={keepEditing}>
          {strings['course.checks.keep']}
        </button>
        <button type="button" className="button" disabled={state.publishing} onClick={() => void publishAnyway()}>
          {state.publishing ? strings['course.publishing'] : strings['course.checks.publish']}
        </button>
      </div>
    </Dialog>
  );
}
