import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface KeySet {
  /** The public key set's address, for the server's FIREBASE_KEYS_URL. */
  keysUrl: string;
  /** An ID token for `uid`, signed and shaped as Firebase signs one after an email sign-in, valid for an hour. */
  idToken(uid: string, email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * bench:api's stand-in for Google's Firebase signing keys, so the server verifies RS256 tokens as in production:
 * a key pair made for the run, its public half served as a JWKS on 127.0.0.1 with the caching Google's set has.
 */
export async function startKeySet(projectId: string): Promise<KeySet> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const body = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const server = createServer((req, res) => {
    if (req.url !== '/keys') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=20000, must-revalidate' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    keysUrl: `http://127.0.0.1:${port}/keys`,
    idToken(uid, email) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        user_id: uid,
        auth_time: now,
        email,
        email_verified: true,
        firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(`https://securetoken.google.com/${projectId}`)
        .setAudience(projectId)
        .setSubject(uid)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
