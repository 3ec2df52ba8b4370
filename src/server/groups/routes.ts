import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../api/errors.ts';
import { Group, GroupDetail } from '../../api/groups.ts';
import { NOT_VISIBLE, visibleGroup } from '../access/groups.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { groupMembers, groups, users } from '../db/schema.ts';
import { callerIsAdmin, requireAdmin, requireUser } from '../access/caller.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import * as routes from '../../api/groups.ts';

type GroupRow = typeof groups.$inferSelect;

async function groupsWithCounts(db: Db, ids: string[] | null): Promise<Group[]> {
  const rows = await db
    .select()
    .from(groups)
    .where(ids ? inArray(groups.id, ids.length ? ids : ['']) : undefined)
    .orderBy(asc(groups.name), asc(groups.id));
  const counts = await db
    .select({ groupId: groupMembers.groupId, role: groupMembers.role, n: count() })
    .from(groupMembers)
    .groupBy(groupMembers.groupId, groupMembers.role);
  const n = (id: string, role: string) => counts.find((r) => r.groupId === id && r.role === role)?.n ?? 0;
  return rows.map((g) => ({ id: g.id, name: g.name, members: n(g.id, 'member'), directors: n(g.id, 'director'), createdAt: g.createdAt.toISOString() }));
}

/** A group with its people, members and directors, by name. */
export async function groupDetail(db: Pick<Db, 'select'>, group: GroupRow): Promise<GroupDetail> {
  const people = await db
    .select({ userId: groupMembers.userId, role: groupMembers.role, addedAt: groupMembers.addedAt, email: users.email, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, group.id))
    .orderBy(asc(groupMembers.role), asc(users.name), asc(users.email));
  return {
    id: group.id,
    name: group.name,
    members: people.filter((p) => p.role === 'member').length,
    directors: people.filter((p) => p.role === 'director').length,
    createdAt: group.createdAt.toISOString(),
    people: people.map((p) => ({ ...p, addedAt: p.addedAt.toISOString() })),
  };
}

/** /groups: programmes (a fellowship, a residency) whose directors follow their members' learning record. */
export const groupsApp = subApp()
  .openapi(guarded(routes.list, requireUser), async (c) => {
    const db = c.get('deps').db.db;
    if (await callerIsAdmin(c)) return c.json(await groupsWithCounts(db, null), 200);
    const directed = await db
      .select({ id: groupMembers.groupId })
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, c.get('caller')!.uid), eq(groupMembers.role, 'director')));
    return c.json(
      await groupsWithCounts(
        db,
        directed.map((d) => d.id),
      ),
      200,
    );
  })
  .openapi(guarded(routes.create, requireAdmin), async (c) => {
    const { name } = c.req.valid('json');
    const db = c.get('deps').db.db;
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(groups).values({ id: crypto.randomUUID(), name }).returning();
      await recordAudit(tx, c.get('caller')!, 'group', created!.id, 'create', null, { name });
      return created!;
    });
    return c.json(await groupDetail(db, row), 201);
  })
  .openapi(guarded(routes.get, requireUser), async (c) => {
    const group = await visibleGroup(c, c.req.valid('param').id);
    if (group === 403) return fail(c, 403, ErrorCode.forbidden, NOT_VISIBLE);
    if (group === 404) return fail(c, 404, ErrorCode.notFound, 'No such group');
    return c.json(await groupDetail(c.get('deps').db.db, group), 200);
  })
  .openapi(guarded(routes.update, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const db = c.get('deps').db.db;
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
      if (!before) return null;
      const [after] = await tx.update(groups).set({ name }).where(eq(groups.id, id)).returning();
      await recordAudit(tx, c.get('caller')!, 'group', id, 'update', { name: before.name }, { name });
      return after!;
    });
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such group');
    return c.json(await groupDetail(db, row), 200);
  })
  .openapi(guarded(routes.remove, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('deps').db.db;
    const deleted = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
      if (!row) return false;
      const before = await groupDetail(tx, row);
      await tx.delete(groups).where(eq(groups.id, id));
      await recordAudit(tx, c.get('caller')!, 'group', id, 'delete', before, null);
      return true;
    });
    if (!deleted) return fail(c, 404, ErrorCode.notFound, 'No such group');
    return c.body(null, 204);
  })
  .openapi(guarded(routes.addMember, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const { email, role } = c.req.valid('json');
    const db = c.get('deps').db.db;
    const outcome = await db.transaction(async (tx) => {
      const [group] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
      if (!group) return 'group' as const;
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (!user) return 'user' as const;
      const [before] = await tx
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, user.id)));
      await tx
        .insert(groupMembers)
        .values({ groupId: id, userId: user.id, role })
        .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { role } });
      await recordAudit(tx, c.get('caller')!, 'group', id, before ? 'update' : 'create', before ? { userId: user.id, role: before.role } : null, {
        userId: user.id,
        email,
        role,
      });
      return group;
    });
    if (outcome === 'group') return fail(c, 404, ErrorCode.notFound, 'No such group');
    if (outcome === 'user') return fail(c, 404, ErrorCode.notFound, 'No registered user has this email');
    return c.json(await groupDetail(db, outcome), 200);
  })
  .openapi(guarded(routes.removeMember, requireAdmin), async (c) => {
    const { id, userId } = c.req.valid('param');
    const db = c.get('deps').db.db;
    const group = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
      if (!row) return null;
      const [removed] = await tx
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)))
        .returning();
      if (!removed) return null;
      await recordAudit(tx, c.get('caller')!, 'group', id, 'delete', { userId, role: removed.role }, null);
      return row;
    });
    if (!group) return fail(c, 404, ErrorCode.notFound, 'No such group, or this user is not in it');
    return c.json(await groupDetail(db, group), 200);
  });
