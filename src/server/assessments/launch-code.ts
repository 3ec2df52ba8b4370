import { admitsLearner, normalizeAssessmentCode, windowState } from '../../domain/assessment.ts';
import { attemptIdOf } from '../attempts/index.ts';
import type { Db } from '../db/client.ts';
import { recordLaunch, type LaunchFacts } from './launch-queries.ts';
import { isMemberOf, windowByCode, windowById } from './queries.ts';

/**
 * The window a code typed at launch opens for this learner and course, or why not. A code of another course, of a
 * group the learner is not a member of, of a sitting for other learners, or of no window at all is one answer
 * (`unknown`), so codes cannot be probed.
 */
export async function windowForLaunch(
  db: Db,
  uid: string,
  courseId: string,
  typed: string,
  now = new Date(),
): Promise<{ id: string } | 'unknown' | 'notStarted' | 'expired'> {
  const code = normalizeAssessmentCode(typed);
  const row = code ? await windowByCode(db, code) : null;
  if (!row || row.courseId !== courseId || !admitsLearner(row, uid)) return 'unknown';
  if (row.groupId !== null && !(await isMemberOf(db, uid, row.groupId))) return 'unknown';
  const state = windowState(row, now);
  if (state === 'scheduled') return 'notStarted';
  return state === 'open' ? { id: row.id } : 'expired';
}

/** Records an assessed launch as its token is signed, under the id its attempt will have; `used` when the sitting allows no more of this case. */
export const recordAssessedLaunch = (db: Db, token: string, facts: Omit<LaunchFacts, 'id'>) => recordLaunch(db, { ...facts, id: attemptIdOf(token) });

/**
 * Whether an attempt launched in window `id` still counts as assessed when it arrives: only while the window is
 * open. One sent after it expired or was closed (a director closes a window to stop a sitting) is stored as practice.
 */
export async function windowOpenAtSubmission(db: Db, id: string, now = new Date()): Promise<boolean> {
  const row = await windowById(db, id);
  return row !== null && windowState(row, now) === 'open';
}
