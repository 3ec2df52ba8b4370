// Which case the page opens, and its scenario: the launch link's query, the launch token's claims (the case's
// parameters and the variant the server drew for this launch), or, for practice without a token, the course.
import { api } from '../api/client.ts';
import { buildScenario, normalizeCaseParams, paramsOfCase, seedFor, type Scenario } from '../domain/simulator/index.ts';

export interface Launch {
  course: string;
  level: number;
  caseIndex: number;
  token: string | null;
  guided: boolean;
}

const positive = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : null);

/** The launch link's query, validated: null for a link that names no case. */
export function readLaunch(params: URLSearchParams): Launch | null {
  const course = params.get('course')?.trim() ?? '';
  const level = positive(Number(params.get('level')));
  const caseIndex = positive(Number(params.get('case')));
  if (!course || level === null || caseIndex === null) return null;
  return { course, level, caseIndex, token: params.get('token') || null, guided: params.get('mode') !== 'test' };
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

/**
 * The scenario the server will replay the attempt on. With a token: its case, parameters and variant (the
 * token's case wins over the query's, since it is what the server scores). Without: the case's stored
 * parameters, read from the public course, and variant 0. Rejects when the course or case cannot be read.
 */
export async function loadScenario(launch: Launch): Promise<{ launch: Launch; scenario: Scenario }> {
  const claims = launch.token ? tokenClaims(launch.token) : null;
  if (claims) {
    const signed: Launch = {
      ...launch,
      course: typeof claims['course'] === 'string' ? claims['course'] : launch.course,
      level: positive(claims['level']) ?? launch.level,
      caseIndex: positive(claims['case']) ?? launch.caseIndex,
    };
    const variant = typeof claims['variant'] === 'number' && Number.isFinite(claims['variant']) ? claims['variant'] >>> 0 : 0;
    const params = normalizeCaseParams(claims['sim'], paramsOfCase(undefined, signed.level, signed.caseIndex));
    return { launch: signed, scenario: buildScenario(params, seedFor(signed.course, signed.level, signed.caseIndex, variant)) };
  }
  const course = await api.getCourse(launch.course);
  const stored: unknown = course.levels[launch.level - 1]?.cases[launch.caseIndex - 1];
  if (!stored) throw new Error(`No case ${launch.level}.${launch.caseIndex} in ${launch.course}`);
  const params = paramsOfCase((stored as { sim?: unknown }).sim, launch.level, launch.caseIndex);
  return { launch, scenario: buildScenario(params, seedFor(course.id, launch.level, launch.caseIndex, 0)) };
}
