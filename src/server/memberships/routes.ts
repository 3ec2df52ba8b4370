import { ErrorCode } from '../../api/errors.ts';
import { requireUser } from '../access/caller.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { answerInvitation, leaveGroup, myGroups } from './queries.ts';
import * as routes from '../../api/memberships.ts';

/** /learning/groups, /learning/invitations: a learner's own groups, joined only by accepting an invitation, and left at will. */
export const membershipsApp = subApp()
  .openapi(guarded(routes.list, requireUser), async (c) => c.json(await myGroups(c.get('deps').db.db, c.get('caller')!.uid), 200))
  .openapi(guarded(routes.accept, requireUser), async (c) => {
    const db = c.get('deps').db.db;
    if (!(await answerInvitation(db, c.get('caller')!, c.req.valid('param').id, true)))
      return fail(c, 404, ErrorCode.notFound, 'No such invitation to your verified address');
    return c.json(await myGroups(db, c.get('caller')!.uid), 200);
  })
  .openapi(guarded(routes.decline, requireUser), async (c) => {
    const db = c.get('deps').db.db;
    if (!(await answerInvitation(db, c.get('caller')!, c.req.valid('param').id, false)))
      return fail(c, 404, ErrorCode.notFound, 'No such invitation to your verified address');
    return c.json(await myGroups(db, c.get('caller')!.uid), 200);
  })
  .openapi(guarded(routes.leave, requireUser), async (c) => {
    const { db, mail } = c.get('deps');
    const left = await leaveGroup(db.db, c.get('caller')!, c.req.valid('param').id);
    if (!left) return fail(c, 404, ErrorCode.notFound, 'You are not a member of this group');
    const who = left.learner.name ? `${left.learner.name} (${left.learner.email})` : left.learner.email;
    // The directors are told; the audit trail keeps the leaving. A mail that fails changes nothing of the leaving.
    for (const director of left.directors) {
      try {
        await mail.send({
          to: director.email,
          subject: `${who} left the group "${left.group.name}"`,
          text: `${who} left the group "${left.group.name}": you no longer see their attempts, progress or debriefs.`,
        });
      } catch (err) {
        console.error(`The mail telling ${director.email} of a learner leaving could not be sent: ${(err as Error).message}`);
      }
    }
    return c.json(await myGroups(db.db, c.get('caller')!.uid), 200);
  });
