import type { PublishSummary } from '../../api/course-drafts.ts';
import { useState } from 'react';
import type { EditorState } from '../../stores/courses/editor.ts';
import { deleteNeverPublished, discardDraft, publish } from '../../stores/courses/editor.ts';
import Dialog from '../ui/Dialog.tsx';
import FormError from '../ui/FormError.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import PublishChecks from './PublishChecks.tsx';

interface Props {
  locale: string;
  state: EditorState;
  coursesHref: string;
  strings: Sections<'course'>;
}

/** What publishing the saved draft changes for learners, one line each. */
function summaryLines(summary: PublishSummary, strings: Sections<'course'>): string[] {
  // Nobody has seen a course never published: it simply appears, with all it holds.
  if (summary.firstPublication) return [strings['course.summary.first']];
  const counted = (n: number, key: keyof Sections<'course'>) => (n > 0 ? [fill(strings[key], { n })] : []);
  const lines = [
    ...counted(summary.casesAdded, 'course.summary.casesAdded'),
    ...counted(summary.casesRemoved, 'course.summary.casesRemoved'),
    ...counted(summary.modulesAdded, 'course.summary.modulesAdded'),
    ...counted(summary.modulesRemoved, 'course.summary.modulesRemoved'),
    ...(summary.reordered ? [strings['course.summary.reordered']] : []),
    ...(summary.rulesChanged ? [strings['course.summary.rules']] : []),
  ];
  return lines.length || !summary.otherChanges ? lines : [strings['course.summary.other']];
}

/**
 * Publish (which saves unsaved edits first), and for a saved draft what it would change for learners and Discard, which
 * returns to the published version; a course never published has no version to return to, so it is deleted, once asked.
 */
export default function PublishBar({ locale, state, coursesHref, strings }: Props) {
  const [confirming, setConfirming] = useState(false);
  if (!state.pending && !state.dirty) return null;
  const saved = state.pending && !state.dirty;
  const busy = state.saving || state.publishing;
  return (
    <section className="publish-bar" aria-label={strings['course.publish']}>
      {saved && <p>{strings[state.status === 'draft' ? 'course.preview.draft' : 'course.pending']}</p>}
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
        {state.status === 'draft' && (
          <button type="button" className="button button-ghost" onClick={() => setConfirming(true)} disabled={busy}>
            {strings['course.deleteDraft']}
          </button>
        )}
        <button type="button" className="button" onClick={() => void publish()} disabled={busy}>
          {state.publishing ? strings['course.publishing'] : strings['course.publish']}
        </button>
      </p>
      <PublishChecks locale={locale} state={state} strings={strings} />
      <Dialog open={confirming} title={strings['course.deleteDraftTitle']} onClose={() => setConfirming(false)}>
        <p>{fill(strings['course.deleteDraftText'], { title: state.draft?.title ?? '' })}</p>
        {state.error && confirming && <FormError>{strings[state.error]}</FormError>}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={() => setConfirming(false)}>
            {strings['course.keepDraft']}
          </button>
          <button type="button" className="button button-danger" disabled={state.saving} onClick={() => void deleteNeverPublished(coursesHref)}>
            {state.saving ? strings['course.deleting'] : strings['course.deleteDraft']}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
