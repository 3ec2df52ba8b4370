import { atom } from 'nanostores';
import { answer, auth, client } from '../../api/client.ts';
import { runsDesktopSimulator, tooSmallToPlay } from '../../domain/device.ts';
import { isEntitled } from '../../domain/entitlement.ts';
import { browserLaunchLink, desktopLaunchLink } from '../../domain/launch.ts';
import { currentDevice } from './device.ts';
import { errorKey } from '../error-messages.ts';
import { $session, idToken, startSession, type Session } from '../session.ts';

/** Where an assessment code typed in the open-case dialog has got to: refused codes say why. */
export type CodeState = 'idle' | 'checking' | 'unknown' | 'expired' | 'notStarted' | 'used' | 'limited' | 'error';

/**
 * The open-case choices: no desktop link where the desktop simulator cannot run, no browser link for a case the browser
 * simulator does not have, and whether this device's screen is
 * too small to play on; which case they open, and whether as an assessment (launched with a window's code).
 */
interface LaunchChoices {
  status: 'ready';
  desktop: string | null;
  /** Null for a case only the desktop simulator plays. */
  browser: string | null;
  screenTooSmall: boolean;
  level: number;
  kase: number;
  assessed: boolean;
  code: CodeState;
}

/** Where a press on a case's play button has got to. */
export type LaunchState =
  | { status: 'idle' }
  | { status: 'preparing' }
  | LaunchChoices
  | { status: 'denied' }
  | { status: 'error' }
  | { status: 'preview'; level: number; kase: number };

export const $launch = atom<LaunchState>({ status: 'idle' });

/** What the course page knows about where a play press can lead. */
export interface PlayContext {
  courseId: string;
  /** Ids of every plan (hidden ones too) that includes this course, embedded by the server. */
  planIds: string[];
  loginHref: string;
  pricingHref: string;
  /** This course page's path, for ?next= after signing in. */
  coursePath: string;
  /** The page's language, which the simulator opens in (not a language chosen earlier on another page). */
  locale: string;
  /** Cases pass only when played in an assessment window: the dialog offers to type its code. */
  assessmentRequired: boolean;
}

/** How long the "no subscription" message stays before the pricing page opens. */
export const DENIED_DELAY_MS = 2500;

function settledSession(): Promise<Session> {
  startSession();
  return new Promise((resolve) => {
    const stop = $session.subscribe((s) => {
      if (s.loading) return;
      queueMicrotask(() => stop());
      resolve(s);
    });
  });
}

function deny(ctx: PlayContext): void {
  $launch.set({ status: 'denied' });
  setTimeout(() => window.location.assign(ctx.pricingHref), DENIED_DELAY_MS);
}

function toLogin(ctx: PlayContext): void {
  window.location.assign(`${ctx.loginHref}?next=${encodeURIComponent(ctx.coursePath)}`);
}

/** A press on play for case `kase` of module `level` (both 1-based): login, pricing, or the open-case choice. */
export async function play(ctx: PlayContext, level: number, kase: number): Promise<void> {
  if ($launch.get().status === 'preparing') return;
  $launch.set({ status: 'preparing' });
  const session = await settledSession();
  if (!session.firebaseUser) return toLogin(ctx);
  const plans = ctx.planIds.map((id) => ({ id, courses: [ctx.courseId] }));
  // Without our record of the user (it failed to load) the server's answer decides.
  if (session.user && !isEntitled(session.user, ctx.courseId, plans, new Date())) return deny(ctx);
  try {
    $launch.set(await choices(ctx, session.firebaseUser.uid, level, kase));
  } catch (err) {
    const failure = errorKey('launch', err);
    if (failure === 'denied') return deny(ctx);
    if (failure === 'signIn') return toLogin(ctx);
    $launch.set({ status: 'error' });
  }
}

/** Signs a launch (with an assessment code when given) and makes the links that open it. */
async function choices(ctx: PlayContext, uid: string, level: number, kase: number, assessmentCode?: string): Promise<LaunchChoices> {
  const code = assessmentCode === undefined ? {} : { assessmentCode };
  const [launch, unity] = await Promise.all([
    answer(client.launch.$post({ json: { course: ctx.courseId, level, case: kase, ...code } }, auth(await idToken()))),
    answer(client.unityversion.$get()),
  ]);
  const params = { userid: uid, course: ctx.courseId, level, case: kase, lan: ctx.locale, token: launch.token };
  const device = currentDevice();
  return {
    status: 'ready',
    desktop: runsDesktopSimulator(device) ? desktopLaunchLink(launch.scheme, params) : null,
    browser: launch.simulator === 'browser' ? browserLaunchLink(unity.production, params) : null,
    screenTooSmall: tooSmallToPlay(device),
    level,
    kase,
    assessed: launch.assessed,
    code: 'idle',
  };
}

/** The code typed in the open-case dialog: the same case launched again as an assessment, or why the code was refused. */
export async function startAssessment(ctx: PlayContext, typed: string): Promise<void> {
  const ready = $launch.get();
  const uid = $session.get().firebaseUser?.uid;
  if (ready.status !== 'ready' || ready.code === 'checking' || !uid) return;
  $launch.set({ ...ready, code: 'checking' });
  try {
    $launch.set(await choices(ctx, uid, ready.level, ready.kase, typed));
  } catch (err) {
    $launch.set({ ...ready, code: errorKey('assessmentCode', err) });
  }
}

/**
 * A press on play in an administrator's preview: what that learner meets (the open-case step with a plan, the pricing
 * notice without), with nothing launched, no token signed and no page left.
 */
export function previewPlay(withPlan: boolean, level: number, kase: number): void {
  $launch.set(withPlan ? { status: 'preview', level, kase } : { status: 'denied' });
}

export function closeLaunch(): void {
  if ($launch.get().status !== 'denied') $launch.set({ status: 'idle' });
}
