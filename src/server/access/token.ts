import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { storable } from '../../api/shared.ts';
import type { Config } from '../config.ts';
import type { TokenMemory } from './token-memory.ts';

/** Who is calling, as proven by a Firebase ID token. */
export interface Caller {
  uid: string;
  email: string | null;
  /** Firebase's `email_verified` claim: only then is `email` known to belong to the caller. */
  emailVerified: boolean;
}

export type VerifyToken = (token: string) => Promise<Caller | null>;

/**
 * The only token-verification seam: tokens signed by the keys at firebaseKeysUrl (Google's) always; the emulator's
 * unsigned ones only when it is configured. With a memory, a token verified once is answered from it until it expires.
 */
export function tokenVerifier(
  config: Pick<Config, 'firebase' | 'authEmulatorHost' | 'production' | 'firebaseKeysUrl'>,
  memory: TokenMemory<Caller> | null = null,
): VerifyToken {
  const projectId = config.firebase.projectId;
  const issuer = `https://securetoken.google.com/${projectId}`;
  const acceptUnsigned = Boolean(config.authEmulatorHost) && !config.production;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  return async (token) => {
    const remembered = memory?.recall(token);
    if (remembered) return remembered;
    try {
      const header = decodeProtectedHeader(token);
      let payload: JWTPayload;
      if (header.alg === 'none') {
        if (!acceptUnsigned) return null;
        payload = decodeJwt(token);
        const now = Math.floor(Date.now() / 1000);
        if (payload.aud !== projectId || payload.iss !== issuer) return null;
        if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
      } else {
        jwks ??= createRemoteJWKSet(new URL(config.firebaseKeysUrl));
        ({ payload } = await jwtVerify(token, jwks, { issuer, audience: projectId, algorithms: ['RS256'] }));
      }
      // Firebase uids are 1 to 128 characters; anything else (a NUL, say) would only reach the database as an error.
      if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 128 || !storable(payload.sub)) return null;
      const email = typeof payload.email === 'string' ? payload.email : null;
      if (email !== null && !storable(email)) return null;
      const caller = Object.freeze({ uid: payload.sub, email, emailVerified: email !== null && payload.email_verified === true });
      if (typeof payload.exp === 'number') memory?.remember(token, caller, payload.exp);
      return caller;
    } catch {
      return null;
    }
  };
}
