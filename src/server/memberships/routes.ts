import { ErrorCode } from '../../api/errors.ts';
import { requireUser } from '../access/caller.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { answerInvitation, leaveGroup, myGroups } from './queries.ts';
import * as routes from '../../api/memberships.ts';
import { isolate } from '../../domain/text.ts';
import { useT } from '../../i18n/index.ts';
import { contentLocale } from '../http/content-locale.ts';

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
    // The directors are told, in the learner's language; the audit trail keeps the leaving. A mail that fails changes nothing of it.
    const t = useT(contentLocale(c));
    const vars = { learner: isolate(left.learner.name ? `${left.learner.name} (${left.learner.email})` : left.learner.email), group: isolate(left.group.name) };
    for (const director of left.directors) {
      try {
        await mail.send({ to: director.email, subject: t('mail.left.subject', vars), text: t('mail.left.text', vars) });
      } catch (err) {
        console.error(`The mail telling ${director.email} of a learner leaving could not be sent: ${(err as Error).message}`);
      }
    }
    return c.json(await myGroups(db.db, c.get('caller')!.uid), 200);
  });
