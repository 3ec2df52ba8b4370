import { closeLaunch, type LaunchState, type PlayContext } from '../../stores/launch/launch.ts';
import Dialog from '../ui/Dialog.tsx';
import AssessmentCode from './AssessmentCode.tsx';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  launch: LaunchState;
  ctx: PlayContext;
  strings: Sections<'course' | 'common'>;
}

/** The open-case dialog: the assessment's code if the course asks one, then where to play (the desktop simulator, this browser). */
export default function LaunchDialog({ launch, ctx, strings }: Props) {
  return (
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
  );
}
