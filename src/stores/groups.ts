// Groups as directors and admins see them: the list, one group with its people and progress, and the admin's changes.
import { atom } from 'nanostores';
import { ApiError } from '../api/errors.ts';
import type { CourseProgress, Group, GroupDetail, GroupProgress, GroupRole } from '../api/learning.ts';
import { learningApi } from '../api/learning-client.ts';
import { saveFile } from './progress.ts';
import { idToken } from './session.ts';

/** Why a group could not be shown or changed: refused (not a director of it), gone, no such user, or anything else. */
export type GroupsError = 'refused' | 'notFound' | 'noUser' | 'invalid' | 'failed';

const reason = (err: unknown): GroupsError => {
  if (!(err instanceof ApiError)) return 'failed';
  if (err.status === 403) return 'refused';
  if (err.status === 404) return 'notFound';
  if (err.status === 400) return 'invalid';
  return 'failed';
};

export const $groups = atom<{ status: 'idle' | 'loading' | 'loaded'; list: Group[]; error: GroupsError | null }>({ status: 'idle', list: [], error: null });
export const $group = atom<{ id: string | null; detail: GroupDetail | null; progress: GroupProgress | null; error: GroupsError | null; busy: boolean }>({
  id: null,
  detail: null,
  progress: null,
  error: null,
  busy: false,
});

/** The groups the caller may see: all for admins, those they direct for others. */
export async function loadGroups(): Promise<void> {
  $groups.set({ ...$groups.get(), status: 'loading', error: null });
  try {
    $groups.set({ status: 'loaded', list: await learningApi.groups(await idToken()), error: null });
  } catch (err) {
    $groups.set({ status: 'loaded', list: [], error: reason(err) });
  }
}

/** One group's people and progress (a refusal or a missing group says so). */
export async function openGroup(id: string): Promise<void> {
  $group.set({ id, detail: null, progress: null, error: null, busy: true });
  try {
    const token = await idToken();
    const [detail, progress] = await Promise.all([learningApi.group(id, token), learningApi.groupProgress(id, token)]);
    $group.set({ id, detail, progress, error: null, busy: false });
  } catch (err) {
    $group.set({ id, detail: null, progress: null, error: reason(err), busy: false });
  }
}

/** Runs an admin change to the open group and shows the group as it is afterwards; answers whether it worked. */
async function change(action: (token: string | null) => Promise<GroupDetail | void>, opts: { noUser?: boolean } = {}): Promise<boolean> {
  const state = $group.get();
  $group.set({ ...state, busy: true, error: null });
  try {
    await action(await idToken());
    if (state.id) await openGroup(state.id);
    return true;
  } catch (err) {
    const why = reason(err);
    $group.set({ ...$group.get(), busy: false, error: why === 'notFound' && opts.noUser ? 'noUser' : why });
    return false;
  }
}

export const addPerson = (email: string, role: GroupRole) => change((t) => learningApi.addPerson($group.get().id!, email.trim(), role, t), { noUser: true });
export const removePerson = (userId: string) => change((t) => learningApi.removePerson($group.get().id!, userId, t));
export const renameGroup = (name: string) => change((t) => learningApi.renameGroup($group.get().id!, name, t));

/** Creates a group and answers its id (null when it failed). */
export async function createGroup(name: string): Promise<string | null> {
  try {
    const group = await learningApi.createGroup(name, await idToken());
    await loadGroups();
    return group.id;
  } catch (err) {
    $groups.set({ ...$groups.get(), error: reason(err) });
    return null;
  }
}

export async function deleteGroup(): Promise<boolean> {
  const id = $group.get().id;
  if (!id) return false;
  try {
    await learningApi.deleteGroup(id, await idToken());
    $group.set({ id: null, detail: null, progress: null, error: null, busy: false });
    return true;
  } catch (err) {
    $group.set({ ...$group.get(), error: reason(err) });
    return false;
  }
}

/** Saves the open group's CSV export. */
export async function exportGroup(): Promise<boolean> {
  try {
    saveFile(await learningApi.groupCsv($group.get().id!, await idToken()));
    return true;
  } catch (err) {
    $group.set({ ...$group.get(), error: reason(err) });
    return false;
  }
}

/** Whether the signed-in user directs any group (My account links to /groups then). */
export async function directsAnyGroup(): Promise<boolean> {
  try {
    return (await learningApi.groups(await idToken())).length > 0;
  } catch {
    return false;
  }
}

/** One member as their director sees them: their standing in each course the group follows. */
export const $member = atom<{ userId: string | null; standings: CourseProgress[]; error: GroupsError | null; loading: boolean }>({
  userId: null,
  standings: [],
  error: null,
  loading: false,
});

export async function openMember(groupId: string, userId: string): Promise<void> {
  $member.set({ userId, standings: [], error: null, loading: true });
  await openGroup(groupId);
  const group = $group.get();
  const member = group.progress?.members.find((m) => m.userId === userId);
  if (!member) {
    $member.set({ userId, standings: [], error: group.error ?? 'notFound', loading: false });
    return;
  }
  try {
    const token = await idToken();
    const standings = await Promise.all(member.courses.map((line) => learningApi.courseProgress(line.courseId, token, userId)));
    $member.set({ userId, standings, error: null, loading: false });
  } catch (err) {
    $member.set({ userId, standings: [], error: reason(err), loading: false });
  }
}
