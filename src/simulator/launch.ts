// Which case the page opens, and its scenario: the launch link's query, the launch token's claims (the case's
// parameters and the variant the server drew for this launch), for practice without a token the course, or the
// free demo case.
import { answer, client, enc } from '../api/client.ts';
import { buildScenario, normalizeCaseParams, paramsOfCase, seedFor, type CaseParams, type Scenario } from '../domain/simulator/index.ts';
import { FETO_PROCEDURE, fetoCaseOf } from '../domain/airway/record.ts';
import type { FetoTask } from '../domain/airway/attempt.ts';
import type { FetoDifficulty } from '../domain/airway/model.ts';
import { simulatorOfCase } from '../domain/simulators.ts';
import type { Played } from '../stores/attempts/attempt.ts';

export interface Launch {
  course: string;
  level: number;
  caseIndex: number;
  token: string | null;
  guided: boolean;
  /** Launched in an assessment window (the token's `asm`): played without the guided steps, whatever the link asks. */
  assessment: boolean;
  /** The header's free demo: no course, no account, and a result that is shown but never sent. */
  demo: boolean;
}

/**
 * The demo case: the whole operation of the home page's walkthrough (identify, seal, draw the Solomon line) on
 * the easiest placenta, so a first-time visitor can finish it with the guided steps.
 */
export const DEMO_CASE: CaseParams = { task: 'solomon', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 3 };
const DEMO_COURSE = 'demo';

/** A tracheal occlusion case: the airway's seed (the case's id and the launch's variant), its task, gestational age and difficulty. */
export interface FetoCase {
  caseId: string;
  variant: number;
  task: FetoTask;
  gaWeeks: number;
  difficulty: FetoDifficulty;
}

/** What a launch opens: a placenta for the laser tasks, or an airway for tracheal occlusion (FETO). */
export type LoadedCase = { kind: 'laser'; launch: Launch; scenario: Scenario } | { kind: 'airway'; launch: Launch; feto: FetoCase };

/** A case only the desktop simulator plays, opened here by a link: the page says so instead of drawing a placenta. */
export class DesktopOnly extends Error {
  constructor(course: string) {
    super(`The case of ${course} is played in the desktop simulator`);
  }
}

const positive = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : null);

/** The launch link's query, validated: null for a link that names no case. */
export function readLaunch(params: URLSearchParams): Launch | null {
  if (params.has('demo')) return { course: DEMO_COURSE, level: 1, caseIndex: 1, token: null, guided: true, assessment: false, demo: true };
  const course = params.get('course')?.trim() ?? '';
  const level = positive(Number(params.get('level')));
  const caseIndex = positive(Number(params.get('case')));
  if (!course || level === null || caseIndex === null) return null;
  return { course, level, caseIndex, token: params.get('token') || null, guided: params.get('mode') !== 'test', assessment: false, demo: false };
}

/**
 * The launch token's payload, read without checking its signature: the page only needs the case and variant to
 * draw the placenta, and the server verifies the token when the attempt is sent.
 */
export function tokenClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The launch an attempt is kept and sent with: its token, the learner it names and the case; null without a token (practice). */
export function playedOf(launch: Launch): Played | null {
  const sub = launch.token ? tokenClaims(launch.token)?.['sub'] : null;
  if (!launch.token || typeof sub !== 'string') return null;
  return { token: launch.token, learner: sub, course: launch.course, level: launch.level, caseIndex: launch.caseIndex };
}

/**
 * Whether the launch's life (the token's exp) is over by this device's clock, so an attempt started now could not be
 * saved: the page says so before anything is played. (The server judges by its own clock, and a start the page reports.)
 */
export function launchOver(token: string | null, now = Date.now()): boolean {
  const exp = token ? tokenClaims(token)?.['exp'] : null;
  return typeof exp === 'number' && now >= exp * 1000;
}

/**
 * The scenario the server will replay the attempt on. With a token: its case, parameters and variant (the
 * token's case wins over the query's, since it is what the server scores). Without: the case's stored
 * parameters, read from the public course, and variant 0. The demo: its fixed case. A tracheal occlusion case
 * opens its airway instead. Rejects when the course or case cannot be read.
 */
export async function loadScenario(launch: Launch): Promise<LoadedCase> {
  if (launch.demo) return { kind: 'laser', launch, scenario: buildScenario(DEMO_CASE, seedFor(DEMO_COURSE, 1, 1, 0)) };
  const claims = launch.token ? tokenClaims(launch.token) : null;
  if (claims) {
    const signed: Launch = {
      ...launch,
      course: typeof claims['course'] === 'string' ? claims['course'] : launch.course,
      level: positive(claims['level']) ?? launch.level,
      caseIndex: positive(claims['case']) ?? launch.caseIndex,
      assessment: typeof claims['asm'] === 'string',
      guided: launch.guided && typeof claims['asm'] !== 'string',
    };
    const variant = typeof claims['variant'] === 'number' && Number.isFinite(claims['variant']) ? claims['variant'] >>> 0 : 0;
    if (claims['tsk'] === FETO_PROCEDURE && typeof claims['cid'] === 'string')
      return { kind: 'airway', launch: signed, feto: { caseId: claims['cid'], variant, ...fetoCaseOf(signed.level, signed.caseIndex) } };
    if (typeof claims['tsk'] === 'string') throw new DesktopOnly(launch.course);
    const params = normalizeCaseParams(claims['sim'], paramsOfCase(undefined, signed.level, signed.caseIndex));
    return { kind: 'laser', launch: signed, scenario: buildScenario(params, seedFor(signed.course, signed.level, signed.caseIndex, variant)) };
  }
  const course = await answer(client.courses[':id'].$get({ param: { id: enc(launch.course) }, query: { lang: 'en' } }));
  const stored = course.levels[launch.level - 1]?.cases[launch.caseIndex - 1];
  if (!stored) throw new Error(`No case ${launch.level}.${launch.caseIndex} in ${launch.course}`);
  if (stored.task === FETO_PROCEDURE) return { kind: 'airway', launch, feto: { caseId: stored.id, variant: 0, ...fetoCaseOf(launch.level, launch.caseIndex) } };
  if (simulatorOfCase(stored, launch.level) === 'desktop') throw new DesktopOnly(launch.course);
  const params = paramsOfCase(stored.sim, launch.level, launch.caseIndex);
  return { kind: 'laser', launch, scenario: buildScenario(params, seedFor(course.id, launch.level, launch.caseIndex, 0)) };
}
