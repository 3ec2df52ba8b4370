// My learning: the signed-in learner's courses, where to continue, what to buy next, their own groups and the groups they direct.
import { atom } from 'nanostores';
import { answer, auth, client } from '../../api/client.ts';
import type { Group } from '../../api/groups.ts';
import type { Learning } from '../../api/learning.ts';
import type { MyGroups } from '../../api/memberships.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import type { Loadable } from '../loadable.ts';
import { idToken } from '../session.ts';
import { LEARNING_KEPT, SIGNED_IN_HINT } from '../stored-session.ts';

export const $learning = atom<Loadable<Learning>>({ status: 'idle', value: null });
/** The groups the learner directs (every group for an administrator); an empty list for everyone else. */
export const $directed = atom<Loadable<Group[]>>({ status: 'idle', value: null });

/** Whose courses the kept answer shown holds, until the fresh one replaces it. */
let keptFor: string | null = null;

/**
 * Shows at once the courses as they were last read on this device in `lang`, while the session and the fresh answer
 * are read (only while the page's head says someone is signed in here; `rememberSignedIn` drops them for anyone else).
 */
export function showKeptLearning(lang: ContentLocale): void {
  if ($learning.get().value) return;
  try {
    if (!localStorage.getItem(SIGNED_IN_HINT)) return;
    const kept = JSON.parse(localStorage.getItem(LEARNING_KEPT) ?? 'null') as { uid?: string; lang?: string; value?: Learning } | null;
    if (kept?.lang !== lang || !kept.value || !kept.uid) return;
    keptFor = kept.uid;
    $learning.set({ status: 'loading', value: kept.value });
  } catch {
    // Nothing kept that can be read: the skeleton stays until the answer comes.
  }
}

/** Reads `uid`'s courses in the page's language, and keeps them for the next visit. */
export async function loadLearning(uid: string, lang: ContentLocale): Promise<void> {
  // Someone else's kept courses (signed in meanwhile in another tab) are never shown to this person.
  if (keptFor !== null && keptFor !== uid) $learning.set({ status: 'loading', value: null });
  keptFor = null;
  $learning.set({ status: 'loading', value: $learning.get().value });
  try {
    const value = await answer(client.learning.$get({ query: { lang } }, auth(await idToken())));
    $learning.set({ status: 'loaded', value });
    try {
      localStorage.setItem(LEARNING_KEPT, JSON.stringify({ uid, lang, value }));
    } catch {
      // Storage full or refused: the next visit waits for the answer, as the first did.
    }
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

/** The learner's own groups: invitations waiting for their answer and the groups they belong to; `busy` while an answer is sent. */
export const $myGroups = atom<Loadable<MyGroups> & { busy: boolean }>({ status: 'idle', value: null, busy: false });

/** Reads the learner's invitations and groups. */
export async function loadMyGroups(): Promise<void> {
  $myGroups.set({ status: 'loading', value: $myGroups.get().value, busy: false });
  try {
    $myGroups.set({ status: 'loaded', value: await answer(client.learning.groups.$get(undefined, auth(await idToken()))), busy: false });
  } catch {
    $myGroups.set({ status: 'error', value: $myGroups.get().value, busy: false });
  }
}

/** Sends one answer (accept, decline, leave) and shows the learner's groups as they stand afterwards; answers whether it worked. */
async function changeMyGroups(send: (token: string | null) => Promise<MyGroups>): Promise<boolean> {
  const before = $myGroups.get();
  $myGroups.set({ ...before, busy: true });
  try {
    $myGroups.set({ status: 'loaded', value: await send(await idToken()), busy: false });
    return true;
  } catch {
    $myGroups.set({ status: 'error', value: before.value, busy: false });
    return false;
  }
}

export const acceptInvitation = (id: string) =>
  changeMyGroups((t) => answer(client.learning.invitations[':id'].accept.$post({ param: { id: encodeURIComponent(id) } }, auth(t))));
export const declineInvitation = (id: string) =>
  changeMyGroups((t) => answer(client.learning.invitations[':id'].decline.$post({ param: { id: encodeURIComponent(id) } }, auth(t))));
export const leaveGroup = (id: string) =>
  changeMyGroups((t) => answer(client.learning.groups[':id'].$delete({ param: { id: encodeURIComponent(id) } }, auth(t))));
