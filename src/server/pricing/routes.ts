import { eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../api/errors.ts';
import { holdsPlan } from '../../domain/entitlement.ts';
import { localizePlan } from '../../domain/localize.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { courses, plans, users } from '../db/schema.ts';
import { callerIsAdmin, requireAdmin } from '../access/caller.ts';
import { fail, invalid } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { contentLocale } from '../http/content-locale.ts';
import { planOf } from '../mappers.ts';
import * as routes from '../../api/pricing.ts';

/** The ids in `ids` that are not courses of the catalogue. */
async function unknownCourses(db: Pick<Db, 'select'>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** How many people hold the plan now; only profiles whose subscriptions name it are read. */
export async function activeSubscribers(db: Pick<Db, 'select'>, planId: string, now: Date): Promise<number> {
  const rows = await db
    .select({ subscriptions: users.subscriptions })
    .from(users)
    .where(sql`${users.subscriptions} @> ${JSON.stringify([{ product_id: planId }])}::jsonb`);
  return rows.filter((r) => holdsPlan(r.subscriptions, planId, now)).length;
}

/** /pricing: plans for everyone (hidden ones for admins only) and the admin's edits. */
export const pricingApp = subApp()
  .openapi(routes.list, async (c) => {
    const locale = contentLocale(c);
    const all = await c.get('deps').catalogue.allPlans();
    const admin = await callerIsAdmin(c);
    return c.json(
      all.filter((p) => admin || p.visibility).map((p) => localizePlan(p, locale)),
      200,
    );
  })
  .openapi(guarded(routes.create, requireAdmin), async (c) => {
    const body = c.req.valid('json');
    const db = c.get('deps').db.db;
    const unknown = await unknownCourses(db, body.courses);
    if (unknown.length) return invalid(c, [{ path: 'courses', message: `unknown course ${unknown.join(', ')}` }]);
    const plan = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(plans)
        .values({ id: crypto.randomUUID(), ...body })
        .returning();
      const created = planOf(row!);
      await recordAudit(tx, c.get('caller')!, 'plan', created.id, 'create', null, created);
      return created;
    });
    // The course pages name the plans that open them.
    c.get('deps').catalogue.changed();
    return c.json(plan, 201);
  })
  .openapi(guarded(routes.update, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('deps').db.db;
    const unknown = await unknownCourses(db, body.courses);
    if (unknown.length) return invalid(c, [{ path: 'courses', message: `unknown course ${unknown.join(', ')}` }]);
    const plan = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
      if (!before) return null;
      const [row] = await tx
        .update(plans)
        .set({ ...body, translations: body.translations ?? before.translations })
        .where(eq(plans.id, id))
        .returning();
      const updated = planOf(row!);
      await recordAudit(tx, c.get('caller')!, 'plan', id, 'update', planOf(before), updated);
      return updated;
    });
    if (!plan) return fail(c, 404, ErrorCode.notFound, 'No such plan');
    c.get('deps').catalogue.changed();
    return c.json(plan, 200);
  })
  .openapi(guarded(routes.remove, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const outcome = await c.get('deps').db.db.transaction(async (tx) => {
      const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
      if (!row) return { deleted: false, holders: 0 };
      const holders = await activeSubscribers(tx, id, new Date());
      if (holders > 0) return { deleted: false, holders };
      await tx.delete(plans).where(eq(plans.id, id));
      await recordAudit(tx, c.get('caller')!, 'plan', id, 'delete', planOf(row), null);
      return { deleted: true, holders };
    });
    if (outcome.holders > 0) {
      const message = `Active subscribers holding this plan: ${outcome.holders}. It cannot be deleted until their subscriptions end. Hide it instead (visibility false): it is no longer sold, and they keep its courses until their end date`;
      return fail(c, 409, ErrorCode.conflict, message);
    }
    if (!outcome.deleted) return fail(c, 404, ErrorCode.notFound, 'No such plan');
    c.get('deps').catalogue.changed();
    return c.body(null, 204);
  })
  .openapi(guarded(routes.subscribers, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('deps').db.db;
    const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, id));
    if (!plan) return fail(c, 404, ErrorCode.notFound, 'No such plan');
    return c.json({ planId: id, active: await activeSubscribers(db, id, new Date()) }, 200);
  });
