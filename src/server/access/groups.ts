import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { fail } from '../http/errors.ts';
import { callerIsAdmin } from './caller.ts';
import { type Env } from '../http/sub-app.ts';
import { directedBefore, directedLearnerBefore, directsGroup, directsUser, groupById } from './queries.ts';

/**
 * Who may read a learner's record (progress, attempts, debriefs, certificates): the learner, an administrator, or a
 * director of a group the learner is a member of. Directors see nothing outside their groups.
 */
export async function canReadUser(c: Context<Env>, uid: string): Promise<boolean> {
  const caller = c.get('caller');
  if (!caller) return false;
  if (caller.uid === uid) return true;
  if (await callerIsAdmin(c)) return true;
  return directsUser(c.get('deps').db.db, caller.uid, uid);
}

/**
 * The 403 for another learner's record the caller may not read: a director removed from a group the learner is in
 * is told so (as for the group's own page), anyone else gets `message`.
 */
export async function refuseUser(c: Context<Env>, uid: string, message: string) {
  return (await directedLearnerBefore(c.get('deps').db.db, c.get('caller')!.uid, uid))
    ? fail(c, 403, ErrorCode.noLongerDirector, NO_LONGER)
    : fail(c, 403, ErrorCode.forbidden, message);
}

const NO_LONGER = 'You no longer direct this group: an administrator removed you from it or made you a member';

/** The 403 for a group the caller may not see; a director removed from it is told so, in another tab or session too. */
export async function refuseGroup(c: Context<Env>, groupId: string) {
  return (await directedBefore(c.get('deps').db.db, c.get('caller')!.uid, groupId))
    ? fail(c, 403, ErrorCode.noLongerDirector, NO_LONGER)
    : fail(c, 403, ErrorCode.forbidden, "Only this group's directors and administrators may see it");
}

/**
 * The group if the caller may see it (an admin, or one of its directors), else the status to refuse with. Access is
 * checked before existence, so only admins learn whether an id exists.
 */
export async function visibleGroup(c: Context<Env>, id: string): Promise<NonNullable<Awaited<ReturnType<typeof groupById>>> | 403 | 404> {
  const db = c.get('deps').db.db;
  if (!(await callerIsAdmin(c)) && !(await directsGroup(db, c.get('caller')!.uid, id))) return 403;
  return (await groupById(db, id)) ?? 404;
}
