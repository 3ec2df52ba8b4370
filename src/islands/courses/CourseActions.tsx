import { lazy, Suspense } from 'react';
import { $editor, openEditor } from '../../stores/courses/editor.ts';
import { $launch, type PlayContext } from '../../stores/launch/launch.ts';
import { $preview, openPreview } from '../../stores/courses/preview.ts';
import type { CourseStatus } from '../../domain/defaults.ts';
import { fill } from '../../i18n/fill.ts';
import { $session } from '../../stores/session.ts';
import LaunchDialog from './LaunchDialog.tsx';
import { usePlayLinks } from './usePlayLinks.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';
import type { Sections } from '../../i18n/index.ts';

const CourseEditor = lazy(() => import('../course-editor/CourseEditor.tsx'));

interface Props extends PlayContext {
  /** An administrator's preview as a learner with or without a plan: play shows what that learner meets, launching nothing. */
  preview: { withPlan: boolean; status: CourseStatus } | null;
  /** The locale's course list, where deleting a draft leads. */
  coursesHref: string;
  strings: Sections<'course' | 'common' | 'history'>;
}

/** The number a module shows on the page (inactive modules are not counted), read from the outline. */
const shownModule = (level: number) => Number(document.querySelector(`li.module[data-level="${level}"] .module-index`)?.textContent) || level;

/**
 * The course page's behaviour on top of its server-rendered modules: the play buttons (a[data-play], which lead to
 * login without JavaScript), the open-case dialog, and the admin's edit mode.
 */
export default function CourseActions({ strings, preview, coursesHref, ...ctx }: Props) {
  const session = useIslandStore($session);
  const previewing = useIslandStore($preview);
  const launch = useIslandStore($launch);
  const editor = useIslandStore($editor);
  const hydrated = useHydrated();

  useSessionWhenIdle();
  usePlayLinks(ctx, preview);

  return (
    <div className="course-actions" data-hydrated={hydrated ? 'true' : 'false'}>
      {session.user?.isAdmin && !editor.open && (
        <p className="course-toolbar">
          <button type="button" className="button button-small" onClick={() => void openEditor(ctx.courseId)}>
            {strings['course.edit']}
          </button>
          {!preview && (
            <button
              type="button"
              className="button button-small button-ghost"
              disabled={previewing === 'opening'}
              onClick={() => void openPreview(ctx.courseId, ctx.coursePath)}
            >
              {strings['course.preview.title']}
            </button>
          )}
        </p>
      )}
      {previewing === 'error' && (
        <p className="course-notice" role="alert">
          {strings['course.preview.error']}
        </p>
      )}
      {launch.status === 'preview' && (
        <p className="course-notice info" role="status">
          {fill(strings['course.preview.play'], { c: launch.kase, n: shownModule(launch.level) })}
        </p>
      )}
      {launch.status === 'preparing' && (
        <p className="course-notice info" role="status">
          {strings['course.preparing']}
        </p>
      )}
      {launch.status === 'denied' && (
        <p className="course-notice" role="alert">
          {strings['course.noSubscription']} <a href={ctx.pricingHref}>{strings['course.toPricing']}</a>
        </p>
      )}
      {launch.status === 'error' && (
        <p className="course-notice" role="alert">
          {strings['course.launchError']}
        </p>
      )}
      <LaunchDialog launch={launch} ctx={ctx} strings={strings} />
      {editor.open && (
        <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
          <CourseEditor locale={ctx.locale} coursesHref={coursesHref} strings={strings} />
        </Suspense>
      )}
    </div>
  );
}
