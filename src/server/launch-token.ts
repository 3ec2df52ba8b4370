import { jwtVerify, SignJWT } from 'jose';

/** Who may open which case: the claims a launch token carries. */
export interface LaunchClaims {
  uid: string;
  course: string;
  level: number;
  case: number;
}

export const LAUNCH_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'fetal-surgery-academy';
const AUDIENCE = 'simulator-launch';

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a short-lived (HS256) token so a simulator can trust a launch link. */
export async function signLaunchToken(secret: string, claims: LaunchClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ course: claims.course, level: claims.level, case: claims.case })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LAUNCH_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else. */
export async function verifyLaunchToken(secret: string, token: string, now = new Date()): Promise<LaunchClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { sub, course, level } = payload;
    const caseIndex = payload.case;
    if (typeof sub !== 'string' || typeof course !== 'string' || !Number.isInteger(level) || !Number.isInteger(caseIndex)) return null;
    return { uid: sub, course, level: level as number, case: caseIndex as number };
  } catch {
    return null;
  }
}
