import { normalizeAssessmentCode, windowState } from '../../domain/assessment.ts';
import type { Db } from '../db/client.ts';
import { isMemberOf, windowByCode, windowById } from './queries.ts';

/**
 * The window a code typed at launch opens for this learner and course, or why not. A code of another course, of a
 * group the learner is not a member of, or of no window at all is one answer (`unknown`), so codes cannot be probed.
 */
export async function windowForLaunch(db: Db, uid: string, courseId: string, typed: string, now = new Date()): Promise<{ id: string } | 'unknown' | 'expired'> {
  const code = normalizeAssessmentCode(typed);
  const row = code ? await windowByCode(db, code) : null;
  if (!row || row.courseId !== courseId) return 'unknown';
  if (row.groupId !== null && !(await isMemberOf(db, uid, row.groupId))) return 'unknown';
  return windowState(row, now) === 'open' ? { id: row.id } : 'expired';
}

/**
 * Whether an attempt launched in window `id` still counts as assessed when it arrives: only while the window is
 * open. One sent after it expired or was closed (a director closes a window to stop a sitting) is stored as practice.
 */
export async function windowOpenAtSubmission(db: Db, id: string, now = new Date()): Promise<boolean> {
  const row = await windowById(db, id);
  return row !== null && windowState(row, now) === 'open';
}
