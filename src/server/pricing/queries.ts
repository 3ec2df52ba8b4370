import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Plan, PlanInput } from '../../api/pricing.ts';
import { holdsPlan } from '../../domain/entitlement.ts';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { planOf } from './plan-row.ts';
import { courses, plans, users } from '../db/schema.ts';

/** The SQL of /pricing: each change of a plan in one transaction with its audit entry. */

/** The ids in `ids` that are not courses of the catalogue: a draft or an archived course cannot be sold. */
export async function unknownCourses(db: Pick<Db, 'select'>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(inArray(courses.id, ids), eq(courses.status, 'published')));
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

/** Ids of every plan that includes the course, hidden plans too. */
export async function plansIncluding(db: Pick<Db, 'select'>, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(sql`${plans.courses} @> ${JSON.stringify([courseId])}::jsonb`);
  return rows.map((r) => r.id);
}

/** The plans on sale that include the course, cheapest first, with the texts localizePlan reads. */
export function visiblePlansIncluding(db: Pick<Db, 'select'>, courseId: string) {
  return db
    .select({
      id: plans.id,
      title: plans.title,
      description: plans.description,
      translations: plans.translations,
      price: plans.price,
      duration: plans.duration,
    })
    .from(plans)
    .where(and(eq(plans.visibility, true), sql`${plans.courses} @> ${JSON.stringify([courseId])}::jsonb`))
    .orderBy(asc(plans.price), asc(plans.title));
}

/** Whether the plan exists, hidden or not. */
export async function planExists(db: Db, id: string): Promise<boolean> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, id));
  return plan !== undefined;
}

/** Adds a plan under a new id. */
export function createPlan(db: Db, caller: Caller, input: PlanInput): Promise<Plan> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(plans)
      .values({ id: crypto.randomUUID(), ...input })
      .returning();
    const created = planOf(row!);
    await recordAudit(tx, caller, 'plan', created.id, 'create', null, created);
    return created;
  });
}

/** Changes a plan, keeping its translations when the input leaves them out; null when there is no such plan. */
export function updatePlan(db: Db, caller: Caller, id: string, input: PlanInput): Promise<Plan | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!before) return null;
    const [row] = await tx
      .update(plans)
      .set({ ...input, translations: input.translations ?? before.translations })
      .where(eq(plans.id, id))
      .returning();
    const updated = planOf(row!);
    await recordAudit(tx, caller, 'plan', id, 'update', planOf(before), updated);
    return updated;
  });
}

/** Deletes a plan nobody holds now; otherwise says how many hold it (`deleted` false with no holders: no such plan). */
export function deletePlan(db: Db, caller: Caller, id: string): Promise<{ deleted: boolean; holders: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!row) return { deleted: false, holders: 0 };
    const holders = await activeSubscribers(tx, id, new Date());
    if (holders > 0) return { deleted: false, holders };
    await tx.delete(plans).where(eq(plans.id, id));
    await recordAudit(tx, caller, 'plan', id, 'delete', planOf(row), null);
    return { deleted: true, holders };
  });
}
