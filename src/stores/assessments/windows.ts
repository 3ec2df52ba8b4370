// The assessment windows of one course as its directors and administrators see them on the course page: which groups
// they may open one for (and their members, to name a sitting's learners), the windows scheduled or of the last day
// with their codes, opening and closing them, and one sitting's launches with the extra launches granted.
import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../../api/client.ts';
import type { AssessmentWindow, SittingRecord } from '../../api/assessments.ts';
import type { Group, GroupDetail } from '../../api/groups.ts';
import { idToken } from '../session.ts';

export type GroupPerson = GroupDetail['people'][number];

export type AssessmentsState =
  | { status: 'hidden' }
  | { status: 'ready'; admin: boolean; groups: Group[]; windows: AssessmentWindow[]; busy: boolean; failed: boolean; members: Record<string, GroupPerson[]> };

export const $assessments = atom<AssessmentsState>({ status: 'hidden' });

/** The sitting whose launches are shown: its record once read, whether a read or a grant is under way, whether one failed. */
export type SittingState = { id: string; record: SittingRecord | null; busy: boolean; failed: boolean } | null;
export const $sitting = atom<SittingState>(null);

/** Shown to administrators and to directors of at least one group; hidden from everyone else, and when it cannot load. */
export async function loadAssessments(courseId: string, admin: boolean): Promise<void> {
  try {
    const token = auth(await idToken());
    const groups = await answer(client.groups.$get(undefined, token));
    if (!admin && groups.length === 0) return $assessments.set({ status: 'hidden' });
    const windows = await answer(client.assessments.$get({ query: { course: courseId } }, token));
    $assessments.set({ status: 'ready', admin, groups, windows, busy: false, failed: false, members: {} });
  } catch {
    $assessments.set({ status: 'hidden' });
  }
}

/** The members of a group, to name a sitting's learners; read once per group, and left out when they cannot be read. */
export async function loadMembers(groupId: string): Promise<void> {
  const state = $assessments.get();
  if (state.status !== 'ready' || state.members[groupId]) return;
  try {
    const group = await answer(client.groups[':id'].$get({ param: { id: enc(groupId) } }, auth(await idToken())));
    const now = $assessments.get();
    if (now.status === 'ready') $assessments.set({ ...now, members: { ...now.members, [groupId]: group.people.filter((p) => p.role === 'member') } });
  } catch {
    // Without its members, a sitting is opened for the whole group.
  }
}

async function change(courseId: string, action: (token: ReturnType<typeof auth>) => Promise<unknown>): Promise<void> {
  const state = $assessments.get();
  if (state.status !== 'ready' || state.busy) return;
  $assessments.set({ ...state, busy: true, failed: false });
  try {
    const token = auth(await idToken());
    await action(token);
    const windows = await answer(client.assessments.$get({ query: { course: courseId } }, token));
    const now = $assessments.get();
    $assessments.set({ ...state, members: now.status === 'ready' ? now.members : state.members, windows, busy: false, failed: false });
  } catch {
    $assessments.set({ ...state, busy: false, failed: true });
  }
}

export interface NewSitting {
  /** null: every learner (administrators only). */
  group: string | null;
  minutes: number;
  /** Named learners; empty for every member of the group. */
  learners: string[];
  /** When it starts (ISO); null to open it now. */
  startsAt: string | null;
}

/** Opens a window now, or schedules it, for a group or its named learners. */
export const openAssessment = (courseId: string, s: NewSitting) =>
  change(courseId, (token) =>
    answer(
      client.assessments.$post(
        {
          json: {
            course: courseId,
            minutes: s.minutes,
            ...(s.group ? { group: s.group } : {}),
            ...(s.learners.length ? { learners: s.learners } : {}),
            ...(s.startsAt ? { startsAt: s.startsAt } : {}),
          },
        },
        token,
      ),
    ),
  );

/** Closes a window before it expires. */
export const closeAssessment = (courseId: string, id: string) =>
  change(courseId, (token) => answer(client.assessments[':id'].close.$post({ param: { id: enc(id) } }, token)));

async function readSitting(id: string): Promise<SittingRecord> {
  return answer(client.assessments[':id'].launches.$get({ param: { id: enc(id) } }, auth(await idToken())));
}

/** Shows a sitting's launches (or hides them when they are shown). */
export async function toggleLaunches(id: string): Promise<void> {
  if ($sitting.get()?.id === id) return $sitting.set(null);
  $sitting.set({ id, record: null, busy: true, failed: false });
  try {
    const record = await readSitting(id);
    if ($sitting.get()?.id === id) $sitting.set({ id, record, busy: false, failed: false });
  } catch {
    if ($sitting.get()?.id === id) $sitting.set({ id, record: null, busy: false, failed: true });
  }
}

/** Grants a learner one more launch of a case in the shown sitting, with the reason; answers whether it was granted. */
export async function grantLaunch(learner: string, caseId: string, reason: string): Promise<boolean> {
  const state = $sitting.get();
  if (!state || state.busy) return false;
  $sitting.set({ ...state, busy: true, failed: false });
  try {
    const token = auth(await idToken());
    await answer(client.assessments[':id'].grants.$post({ param: { id: enc(state.id) }, json: { learner, caseId, reason } }, token));
    $sitting.set({ id: state.id, record: await readSitting(state.id), busy: false, failed: false });
    return true;
  } catch {
    $sitting.set({ ...state, busy: false, failed: true });
    return false;
  }
}
