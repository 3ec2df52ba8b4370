import { lazy, Suspense, useEffect, useEffectEvent } from 'react';
import { $editor, openEditor } from '../../stores/courses/editor.ts';
import { $launch, closeLaunch, play, previewPlay, type PlayContext } from '../../stores/launch/launch.ts';
import { $preview, openPreview } from '../../stores/courses/preview.ts';
import type { CourseStatus } from '../../domain/defaults.ts';
import { fill } from '../../i18n/fill.ts';
import { $session } from '../../stores/session.ts';
import Dialog from '../ui/Dialog.tsx';
import AssessmentCode from './AssessmentCode.tsx';
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
  const playCase = useEffectEvent((level: number, caseIndex: number) =>
    preview ? previewPlay(preview.withPlan, level, caseIndex) : void play(ctx, level, caseIndex),
  );
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest<HTMLElement>('a[data-play]');
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      playCase(Number(link.dataset.level), Number(link.dataset.case));
    };
    document.addEventListener('click', onClick);
    // A play link clicked before this island ran was held by the page (EARLY_PLAY in the course page): played now.
    const root = document.documentElement;
    root.setAttribute('data-play-live', '');
    const held = /^(\d+)-(\d+)$/.exec(root.dataset.earlyPlay ?? '');
    delete root.dataset.earlyPlay;
    if (held) playCase(Number(held[1]), Number(held[2]));
    return () => {
      document.removeEventListener('click', onClick);
      root.removeAttribute('data-play-live');
    };
  }, []);
  // Back from the simulator to a page kept in the browser's memory: the open-case choice it was left with is closed.
  useEffect(() => {
    const back = (e: PageTransitionEvent) => e.persisted && closeLaunch();
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);
  // Continue on My learning links to #play-{module}-{case}: that case's open-case choice, once.
  useEffect(() => {
    const asked = /^#play-(\d+)-(\d+)$/.exec(window.location.hash);
    if (!asked) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    playCase(Number(asked[1]), Number(asked[2]));
  }, []);

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
      <Dialog open={launch.status === 'ready'} title={strings['course.openTitle']} onClose={closeLaunch}>
        {launch.status === 'ready' && (
          <>
            {ctx.assessmentRequired && <AssessmentCode ctx={ctx} assessed={launch.assessed} code={launch.code} strings={strings} />}
            <ul className="launch-choices">
              {launch.desktop && (
                <li>
                  <a href={launch.desktop} data-launch="desktop">
                    <strong>{strings['course.desktop']}</strong>
                    <span>{strings['course.desktopHint']}</span>
                  </a>
                </li>
              )}
              {launch.browser && (
                <li>
                  {/* In this tab: a second tab left this one behind with its dialog open; the simulator leads back here. */}
                  <a href={launch.browser} data-launch="browser">
                    <strong>{strings['course.browser']}</strong>
                    <span>{strings['course.browserHint']}</span>
                  </a>
                  {launch.screenTooSmall && (
                    <p className="launch-note" data-note="small">
                      {strings['common.screenTooSmall']}
                    </p>
                  )}
                </li>
              )}
            </ul>
            {!launch.browser && (
              <p className="launch-note" data-note="desktop-only">
                {strings[launch.desktop ? 'course.desktopOnly' : 'course.desktopOnlyHere']}
              </p>
            )}
            {!launch.desktop && launch.browser && (
              <p className="launch-note" data-note="desktop">
                {strings['course.desktopSystems']}
              </p>
            )}
          </>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={closeLaunch}>
            {strings['course.close']}
          </button>
        </div>
      </Dialog>
      {editor.open && (
        <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
          <CourseEditor locale={ctx.locale} coursesHref={coursesHref} strings={strings} />
        </Suspense>
      )}
    </div>
  );
}
