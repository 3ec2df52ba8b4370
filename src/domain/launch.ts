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
