import { useEffect } from 'react';
import type { CourseImpact } from '../../api/course-drafts.ts';
import { isContentLocale } from '../../domain/localize.ts';
import { $editor } from '../../stores/courses/editor.ts';
import { $impact, loadImpact } from '../../stores/courses/impact.ts';
import Dialog from '../ui/Dialog.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  open: boolean;
  /** What is deleted: a case or a module, by its id; `title` (the question, naming it) heads the dialog. */
  kind: 'cases' | 'modules';
  id: string;
  title: string;
  onCancel: () => void;
  onDelete: () => void;
  /** The page's language, which the plans are named in. */
  locale: string;
  strings: Sections<'course'>;
}

/** What deleting the target affects, one line each; a case or module nobody has played says so in one line. */
function impactLines(impact: CourseImpact, kind: 'cases' | 'modules', id: string, strings: Sections<'course'>): string[] {
  const played = impact[kind][id];
  if (!played) return [strings['course.impact.never']];
  return [
    fill(strings['course.impact.attempts'], { attempts: played.attempts, learners: played.learners }),
    ...(impact.certificates > 0 ? [fill(strings['course.impact.certificates'], { n: impact.certificates })] : []),
    ...(impact.plans.length > 0 ? [fill(strings['course.impact.plans'], { plans: impact.plans.join(', ') })] : []),
  ];
}

/**
 * Asks before a case or module is deleted from the draft, saying what that touches for learners (read from the server
 * when it opens), and that nothing changes for them until Publish.
 */
export default function DeleteConfirm({ open, kind, id, title, onCancel, onDelete, locale, strings }: Props) {
  const impact = useIslandStore($impact);
  const courseId = useIslandStore($editor).courseId;
  useEffect(() => {
    if (open && courseId) void loadImpact(courseId, isContentLocale(locale) ? locale : 'en');
  }, [open, courseId, locale]);
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      {open && impact.state === 'loading' && (
        <p role="status">
          <span className="spinner" aria-hidden="true" />
          {strings['course.impact.counting']}
        </p>
      )}
      {open && impact.state === 'failed' && <p role="alert">{strings['course.impact.failed']}</p>}
      {open && impact.state === 'ready' && (
        <ul className="publish-summary">
          {impactLines(impact.impact, kind, id, strings).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p>{strings['course.impact.live']}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {strings['course.impact.cancel']}
        </button>
        <button type="button" className="button button-danger" onClick={onDelete}>
          {strings['course.impact.delete']}
        </button>
      </div>
    </Dialog>
  );
}
