import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { callerIsAdmin, requireUser } from '../access/caller.ts';
import { refuseGroup } from '../access/groups.ts';
import { directsGroup } from '../access/queries.ts';
import { fail } from '../http/errors.ts';
import { type Env, guarded, subApp } from '../http/sub-app.ts';
import { groupDetail } from '../groups/index.ts';
import { cancelInvitation, invite, type Inviter } from './queries.ts';
import * as routes from '../../api/group-invitations.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { mailInvitations } from './mail.ts';

/** Whether the caller may invite to the group, and as whom: checked before the group's existence, as for reading it. */
async function inviterOf(c: Context<Env>, groupId: string): Promise<Inviter | null> {
  if (await callerIsAdmin(c)) return 'admin';
  return (await directsGroup(c.get('deps').db.db, c.get('caller')!.uid, groupId)) ? 'director' : null;
}

/** /groups/{id}/invitations: addresses asked to join a group, members once they sign in with the address verified. */
export const groupInvitationsApp = subApp()
  .openapi(guarded(routes.invite, requireUser), async (c) => {
    const { id } = c.req.valid('param');
    const { emails, role } = c.req.valid('json');
    const inviter = await inviterOf(c, id);
    if (!inviter) return refuseGroup(c, id);
    if (inviter === 'director' && role !== 'member') return fail(c, 403, ErrorCode.forbidden, 'Only administrators name directors');
    const { config, db: database } = c.get('deps');
    const db = database.db;
    const most = LIMITS.invitations.max * config.rateLimitScale;
    const outcome = await invite(db, c.get('caller')!, id, emails, role, inviter, { max: most, windowMs: LIMITS.invitations.windowMs });
    if (outcome === 'group') return fail(c, 404, ErrorCode.notFound, 'No such group');
    if ('limit' in outcome) {
      c.header('Retry-After', String(outcome.limit));
      return fail(c, 429, ErrorCode.invitationLimit, `A director makes at most ${most} invitations an hour: none of these was made`);
    }
    await mailInvitations(c, outcome.group, outcome.created);
    return c.json({ group: await groupDetail(db, outcome.group), results: outcome.results }, 200);
  })
  .openapi(guarded(routes.cancel, requireUser), async (c) => {
    const { id, invitationId } = c.req.valid('param');
    const inviter = await inviterOf(c, id);
    if (!inviter) return refuseGroup(c, id);
    const db = c.get('deps').db.db;
    const outcome = await cancelInvitation(db, c.get('caller')!, id, invitationId, inviter);
    if (outcome === 'missing') return fail(c, 404, ErrorCode.notFound, 'No such invitation in this group');
    if (outcome === 'forbidden') return fail(c, 403, ErrorCode.forbidden, "Only administrators cancel a director's invitation");
    return c.json(await groupDetail(db, outcome), 200);
  });
