import { jwtVerify, SignJWT } from 'jose';

/**
 * A preview link's proof that an administrator asked for it: a page navigation carries no Authorization header, so
 * the course page reads this short-lived token from its address (?preview=) instead, for the one course it names.
 */
export interface PreviewClaims {
  uid: string;
  course: string;
}

export const PREVIEW_TOKEN_TTL_SECONDS = 2 * 60 * 60;
const ISSUER = 'fetal-surgery-academy';
// Signed with the launch secret: the audience keeps a preview token from ever opening a case, and the reverse.
const AUDIENCE = 'course-preview';

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signPreviewToken(secret: string, claims: PreviewClaims, now = new Date()): Promise<{ token: string; expiresAt: string }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + PREVIEW_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ course: claims.course })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The claims of a valid, unexpired preview token; null for anything else. */
export async function verifyPreviewToken(secret: string, token: string, now = new Date()): Promise<PreviewClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    const { sub, course } = payload;
    return typeof sub === 'string' && typeof course === 'string' ? { uid: sub, course } : null;
  } catch {
    return null;
  }
}
