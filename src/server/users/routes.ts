import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../api/errors.ts';
import { lockKeepingAnAdmin } from '../access/admins.ts';
import { recordAudit } from '../audit/index.ts';
import { toUser } from '../db/rows.ts';
import { users } from '../db/schema.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { callerIsAdmin, requireAdmin, requireUser } from '../access/caller.ts';
import { fail, invalid } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import * as routes from '../../api/users.ts';

/** /users: the caller's own record, sign-up, and the admin's search and save. */
export const usersApp = subApp()
  .openapi(guarded(routes.find, requireAdmin), async (c) => {
    const { email, limit, offset } = c.req.valid('query');
    const db = c.get('deps').db.db;
    // `email <> ''` lets PostgreSQL use the unique index on lower(email), which leaves out profiles without an address.
    const where = email === undefined ? undefined : and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), ne(users.email, ''));
    const rows = await db.select().from(users).where(where).orderBy(asc(users.createdAt), asc(users.id)).limit(limit).offset(offset);
    return c.json(rows.map(toUser), 200);
  })
  .openapi(guarded(routes.get, requireUser), async (c) => {
    const { id } = c.req.valid('param');
    if (c.get('caller')?.uid !== id && !(await callerIsAdmin(c))) {
      return fail(c, 403, ErrorCode.forbidden, 'You may only read your own record');
    }
    const user = await c.get('deps').userCache.get(id);
    if (!user) return fail(c, 404, ErrorCode.notFound, 'No such user');
    return c.json(user, 200);
  })
  .openapi(guarded(routes.create, requireUser, rateLimit(LIMITS.signup)), async (c) => {
    const body = c.req.valid('json');
    const caller = c.get('caller')!;
    if (body.id !== caller.uid) return fail(c, 403, ErrorCode.forbidden, 'You may only create your own record');
    // The address is the verified token's, never the body's: a profile claiming someone else's could be made an admin.
    if (!caller.email) return fail(c, 403, ErrorCode.forbidden, 'This sign-in carries no email address, and a profile needs one: sign up with email or Google');
    if (caller.email.toLowerCase() !== body.email.toLowerCase()) {
      return invalid(c, [{ path: 'email', message: 'does not match the signed-in account' }]);
    }
    const db = c.get('deps').db.db;
    const [row] = await db
      .insert(users)
      .values({ id: caller.uid, email: caller.email, name: body.name ?? '', contact: body.contact ?? '', isAdmin: false, isPremium: false })
      .onConflictDoNothing()
      .returning();
    if (row) return c.json(toUser(row), 201);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, caller.uid));
    return fail(c, 409, ErrorCode.conflict, existing ? 'This user already exists' : 'Another profile already has this email address');
  })
  .openapi(guarded(routes.update, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const caller = c.get('caller')!;
    const db = c.get('deps').db.db;
    const outcome = await db.transaction(async (tx) => {
      const before = await lockKeepingAnAdmin(tx, id, !body.isAdmin);
      if (typeof before === 'string') return before;
      const [after] = await tx
        .update(users)
        .set({
          isAdmin: body.isAdmin,
          isPremium: body.isPremium,
          ...(body.isExpert === undefined ? {} : { isExpert: body.isExpert }),
          subscriptions: body.subscriptions,
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.contact === undefined ? {} : { contact: body.contact }),
        })
        .where(eq(users.id, id))
        .returning();
      await recordAudit(tx, caller, 'user', id, 'update', toUser(before), after && toUser(after));
      return after!;
    });
    if (outcome === 'missing') return fail(c, 404, ErrorCode.notFound, 'No such user');
    if (outcome === 'last-admin') {
      return fail(c, 409, ErrorCode.lastAdmin, 'The last administrator cannot lose the admin flag: make someone else an admin first');
    }
    c.get('deps').userCache.forget(id);
    // The course pages show the experts' pass marks, which count only experts' attempts.
    if (body.isExpert !== undefined) c.get('deps').catalogue.changed();
    return c.json(toUser(outcome), 200);
  });
