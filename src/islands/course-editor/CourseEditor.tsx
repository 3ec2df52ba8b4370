import { missingCourseLocales } from '../../domain/localize.ts';
import { fill } from '../../i18n/fill.ts';
import { $editor, type EditorState, addModule, discard, save, setLang } from '../../stores/courses/editor.ts';
import FormError from '../ui/FormError.tsx';
import LanguageTexts from '../ui/LanguageTexts.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import CourseSettings from './CourseSettings.tsx';
import CourseTexts from './CourseTexts.tsx';
import ModuleEditor from './ModuleEditor.tsx';
import { ADD_MODULE_BUTTON_ID } from './focus.ts';
import PublishBar from './PublishBar.tsx';
import HistoryPanel from '../ui/HistoryPanel.tsx';
import { titleIn } from './texts.ts';
import type { Sections } from '../../i18n/index.ts';

/** What screen readers hear after a move: where the module or case now stands. */
function movedText(state: EditorState, strings: Props['strings']): string {
  const modules = state.draft?.levels ?? [];
  const at = state.moved;
  const module = at && modules[at.module];
  if (!at || !module) return '';
  const title = titleIn(state.lang, module) || module.title;
  if (at.case === null) return fill(strings['course.movedModule'], { title, n: at.module + 1, of: modules.length });
  const item = module.cases[at.case];
  return item
    ? fill(strings['course.movedCase'], { title: titleIn(state.lang, item) || item.title, c: at.case + 1, n: at.module + 1, of: module.cases.length })
    : '';
}

interface Props {
  locale: string;
  /** The locale's course list, where deleting a never-published course leads. */
  coursesHref: string;
  strings: Sections<'course' | 'common' | 'history'>;
}

/** The admin's edit mode: every change stays in $editor until Save keeps the whole course as a draft, which Publish makes live. */
export default function CourseEditor({ locale, coursesHref, strings }: Props) {
  const state = useIslandStore($editor);
  const draft = state.draft;

  if (state.loading) {
    return (
      <div className="editor course-list-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {strings['course.editing']}
      </div>
    );
  }
  if (!draft) {
    return (
      <div className="editor">
        {state.error && <FormError>{strings[state.error]}</FormError>}
        <p>
          <button type="button" className="button button-ghost" onClick={discard}>
            {strings['course.discard']}
          </button>
        </p>
      </div>
    );
  }

  const missing = missingCourseLocales({ ...draft, outcomes: (draft.outcomes ?? []).filter((o) => o.trim()), translations: draft.translations ?? {} });
  const languageStrings = {
    label: strings['course.language'],
    missingMark: strings['common.missingMark'],
    missingText: strings['course.missing'],
    allTranslated: strings['common.allTranslated'],
  };

  return (
    <form className="editor" onSubmit={(e) => (e.preventDefault(), void save())} noValidate>
      <h1>{strings['course.editing']}</h1>
      <LanguageTexts id="course-lang" lang={state.lang} onLang={setLang} missing={missing} strings={languageStrings}>
        <CourseTexts draft={draft} strings={strings} />
        <CourseSettings draft={draft} picture={state.picture} strings={strings} />
        <p className="muted">{strings['course.passMarkHint']}</p>
        {draft.levels.length === 0 && <p>{strings['course.noModules']}</p>}
        <p className="visually-hidden" role="status">
          {movedText(state, strings)}
        </p>
        <ol className="modules">
          {draft.levels.map((module, i) => (
            <ModuleEditor key={module.id} module={module} index={i} count={draft.levels.length} locale={locale} strings={strings} />
          ))}
        </ol>
        <p>
          <button id={ADD_MODULE_BUTTON_ID} type="button" className="button button-ghost" onClick={addModule}>
            + {strings['course.addModule']}
          </button>
        </p>
      </LanguageTexts>
      <div className="editor-bar">
        <p className="unsaved" role="status">
          {state.dirty ? strings['course.unsaved'] : ''}
        </p>
        {state.error && <FormError>{strings[state.error]}</FormError>}
        <button type="button" className="button button-ghost" onClick={discard} disabled={state.saving}>
          {strings['course.discard']}
        </button>
        <button type="submit" className="button" disabled={state.saving || state.publishing}>
          {state.saving ? strings['course.saving'] : strings['course.save']}
        </button>
      </div>
      <PublishBar locale={locale} state={state} coursesHref={coursesHref} strings={strings} />
      {state.courseId && (
        <HistoryPanel entity="course" id={state.courseId} version={`${state.status}:${state.pending}`} locale={locale} strings={strings} heading="h2" />
      )}
    </form>
  );
}
