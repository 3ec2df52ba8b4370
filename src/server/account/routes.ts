import { gunzipSync } from 'node:zlib';
import { asc, eq, or } from 'drizzle-orm';
import { ErrorCode } from '../../api/errors.ts';
import { lockKeepingAnAdmin } from '../access/admins.ts';
import { recordAudit } from '../audit/index.ts';
import { attempts, audit, certificates, groupMembers, groups, orders, users } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireUser } from '../access/caller.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { receiptOf, toUser } from '../db/rows.ts';
import * as routes from '../../api/account.ts';

/** The event log an attempt was scored from, as the learner sent it. */
function logOf(row: typeof attempts.$inferSelect): unknown[] | null {
  if (row.logGzip) return JSON.parse(gunzipSync(Buffer.from(row.logGzip, 'base64')).toString('utf8')) as unknown[];
  return row.events ?? null;
}

/** /users/me: the caller's own profile, a copy of everything we hold about them, and deleting their account. */
export const accountApp = subApp()
  .openapi(guarded(routes.updateMe, requireUser), async (c) => {
    const { name, contact } = c.req.valid('json');
    const caller = c.get('caller')!;
    const updated = await c.get('deps').db.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, caller.uid)).for('update');
      if (!before) return null;
      const [after] = await tx.update(users).set({ name, contact }).where(eq(users.id, caller.uid)).returning();
      await recordAudit(tx, caller, 'user', caller.uid, 'update', toUser(before), toUser(after!));
      return after!;
    });
    if (!updated) return fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
    c.get('deps').userCache.forget(caller.uid);
    return c.json(toUser(updated), 200);
  })
  .openapi(guarded(routes.exportMe, requireUser, rateLimit(LIMITS.exports)), async (c) => {
    const uid = c.get('caller')!.uid;
    const { db, config } = c.get('deps');
    const [profile] = await db.db.select().from(users).where(eq(users.id, uid));
    if (!profile) return fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
    const payments = await db.db.select().from(orders).where(eq(orders.userId, uid)).orderBy(asc(orders.createdAt));
    const played = await db.db.select().from(attempts).where(eq(attempts.userId, uid)).orderBy(asc(attempts.createdAt));
    const earned = await db.db.select().from(certificates).where(eq(certificates.userId, uid)).orderBy(asc(certificates.issuedAt));
    const memberships = await db.db
      .select({ groupId: groupMembers.groupId, name: groups.name, role: groupMembers.role, addedAt: groupMembers.addedAt })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, uid));
    const trail = await db.db
      .select()
      .from(audit)
      .where(or(eq(audit.entityId, uid), eq(audit.actor, uid)))
      .orderBy(asc(audit.at));
    const body = {
      exportedAt: new Date().toISOString(),
      profile: { ...toUser(profile), createdAt: profile.createdAt.toISOString() },
      payments: payments.map((o) => ({
        orderId: o.id,
        planId: o.planId,
        amount: o.amount,
        currency: o.currency,
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        receipt: o.status === 'COMPLETED' ? receiptOf(o, config.seller, 'en') : null,
      })),
      attempts: played.map((row) => {
        const { logGzip, events, ...kept } = row;
        return { ...kept, createdAt: row.createdAt.toISOString(), log: logOf(row) };
      }),
      certificates: earned,
      groups: memberships,
      // What the caller did to other people's records is theirs to know, but those records' contents are not.
      audit: trail.map((row) => (row.entity === 'user' && row.entityId !== uid ? { ...row, before: null, after: null } : row)),
    };
    return c.json(body, 200, { 'content-disposition': 'attachment; filename="my-data.json"', 'cache-control': 'private, no-store' });
  })
  .openapi(guarded(routes.deleteMe, requireUser), async (c) => {
    const caller = c.get('caller')!;
    const uid = caller.uid;
    const outcome = await c.get('deps').db.db.transaction(async (tx) => {
      const before = await lockKeepingAnAdmin(tx, uid, true);
      if (typeof before === 'string') return before;
      await tx.delete(attempts).where(eq(attempts.userId, uid));
      await tx.delete(certificates).where(eq(certificates.userId, uid));
      await tx.delete(groupMembers).where(eq(groupMembers.userId, uid));
      // Payments are kept for the accounts, with nothing left that names the person.
      await tx
        .update(orders)
        .set({ userId: `deleted-${crypto.randomUUID()}`, buyerName: '', buyerEmail: '' })
        .where(eq(orders.userId, uid));
      // Earlier audit entries about the account held copies of the profile: the fact of each change stays, its contents go.
      await tx.update(audit).set({ before: null, after: null }).where(eq(audit.entityId, uid));
      await tx.update(audit).set({ actorEmail: '' }).where(eq(audit.actor, uid));
      await tx.delete(users).where(eq(users.id, uid));
      await recordAudit(
        tx,
        { ...caller, email: null },
        'user',
        uid,
        'delete',
        { id: uid, isAdmin: before.isAdmin, subscriptions: before.subscriptions.length },
        null,
      );
      return before.isExpert ? ('deleted-expert' as const) : ('deleted' as const);
    });
    if (outcome === 'missing') return fail(c, 404, ErrorCode.notFound, 'Your account has no profile to delete');
    if (outcome === 'last-admin')
      return fail(c, 409, ErrorCode.lastAdmin, 'You are the only administrator: make someone else an administrator before deleting your account');
    c.get('deps').userCache.forget(uid);
    // An expert's attempts set the pass marks the cached course pages show.
    if (outcome === 'deleted-expert') c.get('deps').catalogue.changed();
    return c.body(null, 204);
  });
