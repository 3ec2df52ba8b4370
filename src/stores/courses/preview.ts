import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../../api/client.ts';
import { previewHref } from '../../domain/publishing.ts';
import { idToken } from '../session.ts';

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

/** The course whose draft an administrator was found to have, on a page that answered 404 (null until one is found). */
export const $draftFound = atom<string | null>(null);

/** Looks for `courseId`'s draft as an administrator; when there is none (or it is not ours to see), the page stays the plain 404. */
export async function findDraft(courseId: string): Promise<void> {
  try {
    await answer(client.courses[':id'].draft.$get({ param: { id: enc(courseId) } }, auth(await idToken())));
    $draftFound.set(courseId);
  } catch {
    $draftFound.set(null);
  }
}
