// My learning: the signed-in learner's courses, where to continue, what to buy next, and the groups they direct.
import { atom } from 'nanostores';
import { answer, auth, client } from '../api/client.ts';
import type { Group } from '../api/groups.ts';
import type { Learning } from '../api/learning.ts';
import type { ContentLocale } from '../domain/localize.ts';
import type { Loadable } from './progress.ts';
import { idToken } from './session.ts';

export const $learning = atom<Loadable<Learning>>({ status: 'idle', value: null });
/** The groups the learner directs (every group for an administrator); an empty list for everyone else. */
export const $directed = atom<Loadable<Group[]>>({ status: 'idle', value: null });

/** Reads the learner's courses in the page's language. */
export async function loadLearning(lang: ContentLocale): Promise<void> {
  $learning.set({ status: 'loading', value: $learning.get().value });
  try {
    $learning.set({ status: 'loaded', value: await answer(client.learning.$get({ query: { lang } }, auth(await idToken()))) });
  } catch {
    $learning.set({ status: 'error', value: null });
  }
}

/** Reads the groups the signed-in user directs, once per page: My learning lists them and the header links to them. */
export async function loadDirected(): Promise<void> {
  if ($directed.get().status !== 'idle') return;
  $directed.set({ status: 'loading', value: null });
  try {
    $directed.set({ status: 'loaded', value: await answer(client.groups.$get(undefined, auth(await idToken()))) });
  } catch {
    $directed.set({ status: 'error', value: null });
  }
}
