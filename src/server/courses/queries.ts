import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Caller } from '../access/token.ts';
import type { Course, StoredCourseInput } from '../../api/courses.ts';
import { keepingDefaults } from '../../domain/reorder.ts';
import { recordAudit, updateAudited } from '../audit/index.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { planOf } from '../pricing/index.ts';
import { attempts, certificates, courseDrafts, courses, plans } from '../db/schema.ts';

/** The SQL of courses: the catalogue's reads of what is published, and the admin's course edits, each in one transaction with its audit entries. */
type NewCourse = Omit<typeof courses.$inferInsert, 'id'>;

/** Adds a course under `id`; a draft is seen by administrators only until it is published. */
export async function createCourse(db: Db, caller: Caller, id: string, course: NewCourse): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({ id, ...course, thumbnail: course.thumbnail ?? null })
      .returning();
    await recordAudit(tx, caller, 'course', id, 'create', null, row && courseOf(row));
  });
}

/**
 * Changes a course; what the input leaves out (proficiency order, outcomes, duration, translations, thumbnail) stays as
 * stored. Null when there is no such course; 'archived' for one archived, which no longer changes.
 */
export async function updateCourse(db: Db, caller: Caller, id: string, input: Partial<StoredCourseInput>): Promise<Course | 'archived' | null> {
  const [stored] = input.levels ? await db.select({ levels: courses.levels }).from(courses).where(eq(courses.id, id)) : [];
  // A case moved from where the stored course had it keeps what it played there, whoever sent the new order.
  const levels = stored && input.levels && keepingDefaults(stored.levels, input.levels);
  const values = levels ? { ...input, levels } : input;
  const after = await updateAudited<Course>(db, caller, 'course', courses, courseColumns, id, values, ne(courses.status, 'archived'));
  if (after) return after;
  return (await isArchived(db, id)) ? 'archived' : null;
}

/** Why a write to an archived course (deleted with its learners' history kept) is refused. */
export const ARCHIVED = "This course was archived: it is kept for its learners' history and can no longer change";

/** Whether `id` names an archived course: one a write found missing is archived, or not there at all. */
export async function isArchived(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ status: courses.status }).from(courses).where(eq(courses.id, id));
  return row?.status === 'archived';
}

/**
 * Deletes a course, and takes it out of every plan that names it; false when there is no such course (or it is
 * archived already). A course learners have played or completed is archived instead: hidden from everyone but its
 * row, attempts and certificates kept, so their history still reads.
 */
export function deleteCourse(db: Db, caller: Caller, id: string, onlyDraft = false): Promise<'deleted' | 'archived' | 'published' | false> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, id), ne(courses.status, 'archived')))
      .for('update');
    if (!row) return false;
    if (onlyDraft && row.status !== 'draft') return 'published';
    const [history] = await tx
      .execute<{ n: boolean }>(
        sql`select exists (select 1 from ${attempts} where ${attempts.courseId} = ${id}) or exists (select 1 from ${certificates} where ${certificates.courseId} = ${id}) as n`,
      )
      .then(rowsOf);
    const archived = Boolean(history?.n);
    if (archived) {
      await tx.update(courses).set({ status: 'archived' }).where(eq(courses.id, id));
      await tx.delete(courseDrafts).where(eq(courseDrafts.courseId, id));
      await recordAudit(tx, caller, 'course', id, 'archive', courseOf(row), null);
    } else {
      await tx.delete(courses).where(eq(courses.id, id));
      await recordAudit(tx, caller, 'course', id, 'delete', courseOf(row), null);
    }
    // Plans stop naming the deleted course, so they stay valid (a plan naming an unknown course cannot be saved).
    const naming = await tx
      .select()
      .from(plans)
      .where(sql`${plans.courses} @> ${JSON.stringify([id])}::jsonb`)
      .for('update');
    for (const before of naming) {
      const [after] = await tx
        .update(plans)
        .set({ courses: before.courses.filter((x) => x !== id) })
        .where(eq(plans.id, before.id))
        .returning();
      await recordAudit(tx, caller, 'plan', before.id, 'update', planOf(before), after && planOf(after));
    }
    return archived ? 'archived' : 'deleted';
  });
}

/** The contract's course, field by field, from the columns that hold it. */
export const courseColumns = {
  id: courses.id,
  title: courses.title,
  subtitle: courses.subtitle,
  thumbnail: courses.thumbnail,
  levels: courses.levels,
  proficiencyOrder: courses.proficiencyOrder,
  assessmentRequired: courses.assessmentRequired,
  outcomes: courses.outcomes,
  durationMinutes: courses.durationMinutes,
  translations: courses.translations,
} satisfies Record<keyof Course, unknown>;

/** The contract's course from its row. */
export function courseOf(row: typeof courses.$inferSelect): Course {
  return Object.fromEntries(Object.keys(courseColumns).map((name) => [name, row[name as keyof Course]])) as Course;
}

/** Every published course's list fields, oldest first. */
export function publishedSummaryRows(db: Db) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      subtitle: courses.subtitle,
      thumbnail: courses.thumbnail,
      durationMinutes: courses.durationMinutes,
      translations: courses.translations,
      levels: courses.levels,
    })
    .from(courses)
    .where(eq(courses.status, 'published'))
    .orderBy(asc(courses.createdAt), asc(courses.id));
}

/** One published course as stored; undefined for a draft, an archived course or none. */
export async function publishedCourse(db: Db, id: string): Promise<Course | undefined> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.status, 'published')));
  return row && courseOf(row);
}

/** Every plan's row, hidden ones included, oldest first. */
export function allPlanRows(db: Db) {
  return db.select().from(plans).orderBy(asc(plans.createdAt), asc(plans.id));
}
