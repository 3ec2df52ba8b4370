// My learning: the signed-in learner's courses, where to continue, what to buy next, their own groups and the groups they direct.
import { atom } from 'nanostores';
import { answer, auth, client } from '../../api/client.ts';
import type { Group } from '../../api/groups.ts';
import type { Learning } from '../../api/learning.ts';
import type { MyGroups } from '../../api/memberships.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import type { Loadable } from '../loadable.ts';
import { idToken } from '../session.ts';

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
