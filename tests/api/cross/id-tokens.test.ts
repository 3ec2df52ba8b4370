import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenVerifier } from '../../../src/server/access/token.ts';
import { startGoogleFake, type GoogleFake } from '../../production/fakes.ts';

/** RS256 ID tokens checked against a key set at FIREBASE_KEYS_URL, as production checks Google's. */
describe('ID tokens signed by the configured key set', () => {
  let google: GoogleFake;
  let stranger: GoogleFake;
  const verifier = (projectId: string, keysUrl: string) =>
    tokenVerifier({
      firebase: { apiKey: 'key', authDomain: `${projectId}.firebaseapp.com`, projectId },
      authEmulatorHost: null,
      production: true,
      firebaseKeysUrl: keysUrl,
    });

  beforeAll(async () => {
    [google, stranger] = await Promise.all([startGoogleFake('academy', 'key'), startGoogleFake('academy', 'key')]);
  });
  afterAll(async () => {
    await Promise.all([google.close(), stranger.close()]);
  });

  it("are the caller when signed by the project's keys", async () => {
    const { idToken, localId } = await google.account('signUp', 'Signed@example.com', 'secret-1');
    expect(await verifier('academy', google.keysUrl)(idToken)).toEqual({ uid: localId, email: 'signed@example.com', emailVerified: false });
  });

  it('are nobody for another project, under keys from elsewhere, altered, or unsigned', async () => {
    const { idToken } = await google.account('signUp', 'other@example.com', 'secret-1');
    const { idToken: foreign } = await stranger.account('signUp', 'other@example.com', 'secret-1');
    const [header, payload, signature] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const verify = verifier('academy', google.keysUrl);
    expect(await verifier('another-project', google.keysUrl)(idToken)).toBeNull();
    expect(await verify(foreign)).toBeNull();
    expect(await verify(altered)).toBeNull();
    expect(await verify(unsigned)).toBeNull();
  });
});
