import type { PublishSummary } from '../../api/course-drafts.ts';
import type { EditorState } from '../../stores/editor.ts';
import { discardDraft, publish } from '../../stores/editor.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  state: EditorState;
  strings: Sections<'course'>;
}

/** What publishing the saved draft changes for learners, one line each. */
function summaryLines(summary: PublishSummary, strings: Sections<'course'>): string[] {
  const counted = (n: number, key: keyof Sections<'course'>) => (n > 0 ? [fill(strings[key], { n })] : []);
  const lines = [
    ...(summary.firstPublication ? [strings['course.summary.first']] : []),
    ...counted(summary.casesAdded, 'course.summary.casesAdded'),
    ...counted(summary.casesRemoved, 'course.summary.casesRemoved'),
    ...counted(summary.modulesAdded, 'course.summary.modulesAdded'),
    ...counted(summary.modulesRemoved, 'course.summary.modulesRemoved'),
    ...(summary.rulesChanged ? [strings['course.summary.rules']] : []),
  ];
  return lines.length || !summary.otherChanges ? lines : [strings['course.summary.other']];
}

/**
 * Publish (which saves unsaved edits first), and for a saved draft what it would change for learners and Discard, which
 * returns to the published version.
 */
export default function PublishBar({ state, strings }: Props) {
  if (!state.pending && !state.dirty) return null;
  const saved = state.pending && !state.dirty;
  const busy = state.saving || state.publishing;
  return (
    <section className="publish-bar" aria-label={strings['course.publish']}>
      {saved && <p>{strings['course.pending']}</p>}
      {saved && state.summary && (
        <ul className="publish-summary">
          {summaryLines(state.summary, strings).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="publish-actions">
        {saved && state.status === 'published' && (
          <button type="button" className="button button-ghost" onClick={() => void discardDraft()} disabled={busy}>
            {strings['course.discardDraft']}
          </button>
        )}
        <button type="button" className="button" onClick={() => void publish()} disabled={busy}>
          {state.publishing ? strings['course.publishing'] : strings['course.publish']}
        </button>
      </p>
    </section>
  );
}
