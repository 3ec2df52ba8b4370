import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../../api/client.ts';
import type { CourseImpact } from '../../api/course-drafts.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import { lastAsked } from '../last-asked.ts';
import { idToken } from '../session.ts';

/** What deleting a case or module of the edited course touches, read again each time the editor asks before a deletion. */
export type ImpactState = { state: 'loading' } | { state: 'ready'; impact: CourseImpact } | { state: 'failed' };

export const $impact = atom<ImpactState>({ state: 'loading' });

const ask = lastAsked();

/**
 * Reads the course's impact, plan titles in `lang` (the page's); only the last request asked is kept, so an older
 * answer never replaces a newer one.
 */
export async function loadImpact(courseId: string, lang: ContentLocale): Promise<void> {
  const latest = ask();
  $impact.set({ state: 'loading' });
  try {
    const impact = await answer(client.courses[':id'].impact.$get({ param: { id: enc(courseId) }, query: { lang } }, auth(await idToken())));
    if (latest()) $impact.set({ state: 'ready', impact });
  } catch {
    if (latest()) $impact.set({ state: 'failed' });
  }
}
