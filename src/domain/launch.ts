/** What a simulator is told about the case to open; the names are the launch link's query keys, which the desktop and browser simulators read. */
export interface LaunchParams {
  userid: string;
  course: string;
  level: number;
  case: number;
  lan: string;
  token: string;
}

const DEFAULT_LAUNCH_LANGUAGE = 'es';

/**
 * How long a launch may be played: two hours from its signature. The operation takes 15-25 minutes and the simulator's
 * surgery clock stops at 60 (MAX_SESSION_MS), not counting pauses; two hours leave a whole 60-minute log as much again
 * for choosing the entry site, pauses and a slow start. The server signs it as the token's life and the page will not
 * open the fetoscopy after it; an attempt started within it may still be sent later (attempt-delivery.ts).
 */
export const LAUNCH_LIFE_MS = 2 * 60 * 60_000;

function query(params: LaunchParams): string {
  return new URLSearchParams({
    userid: params.userid,
    course: params.course,
    level: String(params.level),
    case: String(params.case),
    lan: params.lan || DEFAULT_LAUNCH_LANGUAGE,
    token: params.token,
  }).toString();
}

/** The desktop simulator's custom-protocol link, e.g. fetalsim://launch?userid=...&token=... */
export function desktopLaunchLink(scheme: string, params: LaunchParams): string {
  return `${scheme}://launch?${query(params)}`;
}

/** The browser simulator's address with the same query. */
export function browserLaunchLink(address: string, params: LaunchParams): string {
  return `${address}${address.includes('?') ? '&' : '?'}${query(params)}`;
}
