// Groups as directors and admins see them: the list, one group with its people and progress, and the admin's changes.
import { atom } from 'nanostores';
import type { CsvSeparator } from '../../domain/csv-format.ts';
import { answer, auth, client, download, enc } from '../../api/client.ts';
import type { GroupProgress } from '../../api/group-progress.ts';
import type { InvitationResult } from '../../api/group-invitations.ts';
import type { Group, GroupAssignment, GroupDetail, GroupRole } from '../../api/groups.ts';
import type { CourseProgress } from '../../api/progress.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { courseProgress } from '../progress/progress.ts';
import { saveFile } from '../save-file.ts';
import { inPageLanguage, pageLanguage } from '../page-language.ts';
import { idToken } from '../session.ts';

/** Why a group could not be shown or changed: refused (not a director of it), gone, no such user, or anything else. */
export type GroupsError = ErrorKey<'groups'>;

const param = (id: string) => ({ id: enc(id) });

export const $groups = atom<{ status: 'idle' | 'loading' | 'loaded'; list: Group[]; error: GroupsError | null }>({ status: 'idle', list: [], error: null });
/**
 * The open group. An error `revoked`: the server refused it as the caller no longer directs it (removed meanwhile, in
 * this tab or anywhere else); `invited`: what became of each address of the last invitation.
 */
export const $group = atom<{
  id: string | null;
  detail: GroupDetail | null;
  progress: GroupProgress | null;
  error: GroupsError | null;
  busy: boolean;
  invited: InvitationResult['results'] | null;
}>({
  id: null,
  detail: null,
  progress: null,
  error: null,
  busy: false,
  invited: null,
});

/** The groups the caller may see: all for admins, those they direct for others. */
export async function loadGroups(): Promise<void> {
  $groups.set({ ...$groups.get(), status: 'loading', error: null });
  try {
    $groups.set({ status: 'loaded', list: await answer(client.groups.$get(undefined, auth(await idToken()))), error: null });
  } catch (err) {
    $groups.set({ status: 'loaded', list: [], error: errorKey('groups', err) });
  }
}

/** One group's people and progress (a refusal or a missing group says so). */
export async function openGroup(id: string): Promise<void> {
  const before = $group.get();
  const invited = before.id === id ? before.invited : null;
  $group.set(before.id === id ? { ...before, busy: true } : { id, detail: null, progress: null, error: null, busy: true, invited: null });
  try {
    const token = auth(await idToken());
    const [detail, progress] = await Promise.all([
      answer(client.groups[':id'].$get({ param: param(id) }, token)),
      answer(client.groups[':id'].progress.$get({ param: param(id) }, inPageLanguage(token))),
    ]);
    $group.set({ id, detail, progress, error: null, busy: false, invited });
  } catch (err) {
    $group.set({ id, detail: null, progress: null, error: errorKey('groups', err), busy: false, invited: null });
  }
}

/** Runs an admin change to the open group and shows the group as it is afterwards; answers whether it worked. */
async function change(action: (id: string, token: string | null) => Promise<unknown>): Promise<boolean> {
  const state = $group.get();
  $group.set({ ...state, busy: true, error: null, invited: null });
  try {
    await action(state.id!, await idToken());
    if (state.id) await openGroup(state.id);
    return true;
  } catch (err) {
    const error = errorKey('groups', err);
    $group.set(error === 'revoked' ? { ...$group.get(), detail: null, progress: null, busy: false, error } : { ...$group.get(), busy: false, error });
    return false;
  }
}

/** Adds or invites several addresses at once; what became of each is kept in `invited`. */
export async function invitePeople(emails: string[], role: GroupRole): Promise<boolean> {
  let results: InvitationResult['results'] = [];
  const ok = await change(async (id, t) => {
    results = (await answer(client.groups[':id'].invitations.$post({ param: param(id), json: { emails, role } }, auth(t)))).results;
  });
  if (ok) $group.set({ ...$group.get(), invited: results });
  return ok;
}
export const cancelInvitation = (invitationId: string) =>
  change((id, t) => answer(client.groups[':id'].invitations[':invitationId'].$delete({ param: { ...param(id), invitationId: enc(invitationId) } }, auth(t))));
export const removePerson = (userId: string) =>
  change((id, t) => answer(client.groups[':id'].members[':userId'].$delete({ param: { ...param(id), userId: enc(userId) } }, auth(t))));
export const renameGroup = (name: string) => change((id, t) => answer(client.groups[':id'].$put({ param: param(id), json: { name } }, auth(t))));

/** Creates a group and answers its id (null when it failed). */
export async function createGroup(name: string): Promise<string | null> {
  try {
    const group = await answer(client.groups.$post({ json: { name } }, auth(await idToken())));
    await loadGroups();
    return group.id;
  } catch (err) {
    $groups.set({ ...$groups.get(), error: errorKey('groups', err) });
    return null;
  }
}

export async function deleteGroup(): Promise<boolean> {
  const id = $group.get().id;
  if (!id) return false;
  try {
    await answer(client.groups[':id'].$delete({ param: param(id) }, auth(await idToken())));
    $group.set({ id: null, detail: null, progress: null, error: null, busy: false, invited: null });
    return true;
  } catch (err) {
    $group.set({ ...$group.get(), error: errorKey('groups', err) });
    return false;
  }
}

/** Saves the open group's CSV export for its reader: in the page's language, fields split by `separator`. */
export async function exportGroup(separator: CsvSeparator): Promise<boolean> {
  try {
    const query = { lang: pageLanguage(), separator };
    saveFile(await download(client.groups[':id']['export.csv'].$get({ param: param($group.get().id!), query }, inPageLanguage(auth(await idToken())))));
    return true;
  } catch (err) {
    const error = errorKey('groups', err);
    $group.set(error === 'revoked' ? { ...$group.get(), detail: null, progress: null, error } : { ...$group.get(), error });
    return false;
  }
}

/** Whether the signed-in user directs any group (My account links to /groups then). */
export async function directsAnyGroup(): Promise<boolean> {
  try {
    return (await answer(client.groups.$get(undefined, auth(await idToken())))).length > 0;
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
    const standings = await Promise.all(member.courses.map((line) => courseProgress(line.courseId, token, userId)));
    $member.set({ userId, standings, error: null, loading: false });
  } catch (err) {
    $member.set({ userId, standings: [], error: errorKey('groups', err), loading: false });
  }
}

/** The open group's assigned courses (due dates, who is late), the courses that may be assigned, and how many reminders the last send mailed. */
export const $assignments = atom<{
  list: GroupAssignment[];
  courses: { id: string; title: string }[];
  error: GroupsError | null;
  busy: boolean;
  sent: number | null;
}>({ list: [], courses: [], error: null, busy: false, sent: null });

export async function loadAssignments(groupId: string): Promise<void> {
  $assignments.set({ ...$assignments.get(), busy: true, error: null });
  try {
    const token = inPageLanguage(auth(await idToken()));
    const [list, courses] = await Promise.all([
      answer(client.groups[':id'].assignments.$get({ param: param(groupId) }, token)),
      answer(client.courses.$get({ query: { lang: pageLanguage() } })),
    ]);
    $assignments.set({ list, courses: courses.map((c) => ({ id: c.id, title: c.title })), error: null, busy: false, sent: null });
  } catch (err) {
    $assignments.set({ ...$assignments.get(), error: errorKey('groups', err), busy: false });
  }
}

/** Runs a change to the open group's assignments and keeps the list it answers; answers whether it worked. */
async function changeAssignments(action: (id: string, token: ReturnType<typeof auth>) => Promise<GroupAssignment[] | number>): Promise<boolean> {
  const id = $group.get().id;
  if (!id) return false;
  $assignments.set({ ...$assignments.get(), busy: true, error: null, sent: null });
  try {
    const answered = await action(id, inPageLanguage(auth(await idToken())));
    if (typeof answered === 'number') {
      await loadAssignments(id);
      $assignments.set({ ...$assignments.get(), sent: answered });
    } else $assignments.set({ ...$assignments.get(), list: answered, busy: false });
    return true;
  } catch (err) {
    $assignments.set({ ...$assignments.get(), error: errorKey('groups', err), busy: false });
    return false;
  }
}

/** Assigns a course to the open group, due at the end of `day` (YYYY-MM-DD) in the director's time zone. */
export const assignCourse = (courseId: string, day: string) =>
  changeAssignments((id, t) =>
    answer(
      client.groups[':id'].assignments[':courseId'].$put(
        { param: { ...param(id), courseId: enc(courseId) }, json: { dueAt: new Date(`${day}T23:59:59`).toISOString() } },
        t,
      ),
    ),
  );
export const unassignCourse = (courseId: string) =>
  changeAssignments((id, t) => answer(client.groups[':id'].assignments[':courseId'].$delete({ param: { ...param(id), courseId: enc(courseId) } }, t)));
/** Mails the late members not yet reminded of their due date; `sent` says how many were. */
export const sendReminders = () =>
  changeAssignments(async (id, t) => (await answer(client.groups[':id'].reminders.$post({ param: param(id) }, t))).sent.length);
