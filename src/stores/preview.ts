import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../api/client.ts';
import { previewHref } from '../domain/publishing.ts';
import { idToken } from './session.ts';

/** Where the administrator's last request for a preview link got to: asking, or failed (the page says so). */
export const $preview = atom<'idle' | 'opening' | 'error'>('idle');

/**
 * Opens the course page at `coursePath` as a learner sees it, the saved draft included: the server hands an administrator
 * a short-lived token for that one course, which the page's address carries (a navigation sends no ID token).
 */
export async function openPreview(courseId: string, coursePath: string): Promise<void> {
  if ($preview.get() === 'opening') return;
  $preview.set('opening');
  try {
    const link = await answer(client.courses[':id'].preview.$post({ param: { id: enc(courseId) } }, auth(await idToken())));
    window.location.assign(previewHref(coursePath, link.token));
  } catch {
    $preview.set('error');
  }
}
