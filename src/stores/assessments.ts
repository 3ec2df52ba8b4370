// The assessment windows of one course as its directors and administrators see them on the course page: which groups
// they may open one for, the windows of the last day with their codes, and opening and closing them.
import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../api/client.ts';
import type { AssessmentWindow } from '../api/assessments.ts';
import type { Group } from '../api/groups.ts';
import { idToken } from './session.ts';

export type AssessmentsState =
  { status: 'hidden' } | { status: 'ready'; admin: boolean; groups: Group[]; windows: AssessmentWindow[]; busy: boolean; failed: boolean };

export const $assessments = atom<AssessmentsState>({ status: 'hidden' });

/** Shown to administrators and to directors of at least one group; hidden from everyone else, and when it cannot load. */
export async function loadAssessments(courseId: string, admin: boolean): Promise<void> {
  try {
    const token = auth(await idToken());
    const groups = await answer(client.groups.$get(undefined, token));
    if (!admin && groups.length === 0) return $assessments.set({ status: 'hidden' });
    const windows = await answer(client.assessments.$get({ query: { course: courseId } }, token));
    $assessments.set({ status: 'ready', admin, groups, windows, busy: false, failed: false });
  } catch {
    $assessments.set({ status: 'hidden' });
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
    $assessments.set({ ...state, windows, busy: false, failed: false });
  } catch {
    $assessments.set({ ...state, busy: false, failed: true });
  }
}

/** Opens a window for a group (null: every learner, administrators only) for `minutes`. */
export const openAssessment = (courseId: string, group: string | null, minutes: number) =>
  change(courseId, (token) => answer(client.assessments.$post({ json: { course: courseId, minutes, ...(group ? { group } : {}) } }, token)));

/** Closes a window before it expires. */
export const closeAssessment = (courseId: string, id: string) =>
  change(courseId, (token) => answer(client.assessments[':id'].close.$post({ param: { id: enc(id) } }, token)));
