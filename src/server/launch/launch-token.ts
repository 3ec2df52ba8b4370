import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { normalizeCaseParams, paramsOfCase, type CaseParams } from '../../domain/simulator/index.ts';
import { ITEM_ID } from '../../domain/course-items.ts';
import { DESKTOP_TASKS, type DesktopTask } from '../../domain/simulators.ts';
import { LAUNCH_LIFE_MS } from '../../domain/launch.ts';

/**
 * Who may open which case, and which placenta: the server draws `variant` at each launch and signs it with the
 * case's parameters, so no log can be prepared before the launch, and a change to the case does not change a
 * launch under way. `jti` makes every token distinct (one token, one attempt).
 */
export interface LaunchClaims {
  uid: string;
  course: string;
  level: number;
  case: number;
  /** The case's id: its attempt is the case's wherever the case has moved by the time it is sent. */
  caseId: string;
  variant: number;
  sim: CaseParams;
  /** A procedure only the desktop simulator plays; absent for the laser tasks, which `sim` describes. */
  task?: DesktopTask;
  /** The assessment window the launch was made in (its code typed at launch); absent for practice. */
  assessment?: string;
}

/** The claims of a verified token, with its id, when it was issued and when it expires (ms since the epoch). */
export interface VerifiedLaunch extends LaunchClaims {
  jti: string;
  issuedAt: number;
  expiresAt: number;
}

/** The launch's life (src/domain/launch.ts says why two hours). */
export const LAUNCH_TOKEN_TTL_SECONDS = LAUNCH_LIFE_MS / 1000;
const ISSUER = 'fetal-surgery-academy';
const AUDIENCE = 'simulator-launch';
const MAX_VARIANT = 0xffff_ffff;

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a short-lived (HS256) token so a simulator can trust a launch link. */
export async function signLaunchToken(secret: string, claims: LaunchClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const assessment = claims.assessment ? { asm: claims.assessment } : {};
  const task = claims.task ? { tsk: claims.task } : {};
  return new SignJWT({
    course: claims.course,
    level: claims.level,
    case: claims.case,
    cid: claims.caseId,
    variant: claims.variant,
    sim: { ...claims.sim },
    ...task,
    ...assessment,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LAUNCH_TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(key(secret));
}

const whole = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/**
 * The claims of a valid token signed with `secret`, unexpired or expired by at most `lateMs` (an attempt sent late:
 * the caller judges its times); null for anything else, a token without its case's id included.
 */
export async function verifyLaunchToken(secret: string, token: string, now = new Date(), lateMs = 0): Promise<VerifiedLaunch | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: Math.floor(lateMs / 1000),
      requiredClaims: ['iat', 'exp', 'jti'],
    });
    const { sub, course, level, variant, jti, iat, exp } = payload;
    const caseIndex = payload.case;
    if (typeof sub !== 'string' || typeof course !== 'string' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (!whole(level, 1, 100) || !whole(caseIndex, 1, 200) || !whole(variant, 0, MAX_VARIANT)) return null;
    const sim = normalizeCaseParams(payload['sim'], paramsOfCase(undefined, level, caseIndex));
    const asm = payload['asm'];
    const assessment = typeof asm === 'string' && asm ? { assessment: asm } : {};
    const tsk = payload['tsk'];
    const task = DESKTOP_TASKS.find((t) => t === tsk);
    const caseId = payload['cid'];
    if (typeof caseId !== 'string' || !ITEM_ID.test(caseId)) return null;
    return {
      uid: sub,
      course,
      level,
      case: caseIndex,
      caseId,
      variant,
      sim,
      ...(task ? { task } : {}),
      ...assessment,
      jti,
      issuedAt: iat * 1000,
      expiresAt: exp * 1000,
    };
  } catch {
    return null;
  }
}
