// The public verification of one certificate, and an admin's revocation of it.
import { atom } from 'nanostores';
import { ApiError } from '../api/errors.ts';
import type { CertificateVerification } from '../api/learning.ts';
import { learningApi } from '../api/learning-client.ts';
import { idToken } from './session.ts';

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
    $verification.set({ status: 'found', certificate: await learningApi.verifyCertificate(id) });
  } catch (err) {
    $verification.set({ status: err instanceof ApiError && err.status === 404 ? 'unknown' : 'error' });
  }
}

/** Revokes the certificate shown (admins); answers whether it worked. */
export async function revoke(reason: string): Promise<boolean> {
  const state = $verification.get();
  if (state.status !== 'found') return false;
  try {
    $verification.set({ status: 'found', certificate: await learningApi.revokeCertificate(state.certificate.id, reason.trim(), await idToken()) });
    return true;
  } catch {
    return false;
  }
}
