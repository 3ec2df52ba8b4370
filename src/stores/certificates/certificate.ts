// The public verification of one certificate, and an admin's revocation of it.
import { atom } from 'nanostores';
import type { CertificateVerification } from '../../api/certificates.ts';
import { answer, auth, client, enc } from '../../api/client.ts';
import { errorKey } from '../error-messages.ts';
import { inPageLanguage } from '../page-language.ts';
import { idToken } from '../session.ts';

export type Verification = { status: 'loading' } | { status: 'found'; certificate: CertificateVerification } | { status: 'unknown' } | { status: 'error' };

export const $verification = atom<Verification>({ status: 'loading' });

/** The certificate id in a verification address: the last segment of /certificates/{id}. */
export function certificateIdOf(pathname: string): string | null {
  const match = /\/certificates\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  return match?.[1] ?? null;
}

export async function verify(id: string | null): Promise<void> {
  if (!id) {
    $verification.set({ status: 'unknown' });
    return;
  }
  $verification.set({ status: 'loading' });
  try {
    $verification.set({ status: 'found', certificate: await answer(client.certificates[':id'].$get({ param: { id: enc(id) } }, inPageLanguage())) });
  } catch (err) {
    $verification.set({ status: errorKey('verification', err) });
  }
}

/** Revokes the certificate shown (admins); answers whether it worked. */
export async function revoke(reason: string): Promise<boolean> {
  const state = $verification.get();
  if (state.status !== 'found') return false;
  try {
    const revoked = client.certificates[':id'].revoke.$post(
      { param: { id: enc(state.certificate.id) }, json: { reason: reason.trim() } },
      inPageLanguage(auth(await idToken())),
    );
    $verification.set({ status: 'found', certificate: await answer(revoked) });
    return true;
  } catch {
    return false;
  }
}
