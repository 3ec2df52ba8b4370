import { eq, sql } from 'drizzle-orm';
import type { Caller } from '../access/token.ts';
import type { Course, CourseInput } from '../../api/courses.ts';
import { recordAudit, updateAudited } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { planOf } from '../db/rows.ts';
import { courses, plans } from '../db/schema.ts';
import { courseColumns, courseOf } from './catalogue.ts';

/** The SQL of the admin's course edits, each in one transaction with its audit entries. */
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

/** Changes a course; what the input leaves out (proficiency order, outcomes, duration, translations, thumbnail) stays as stored. Null when there is no such course. */
export function updateCourse(db: Db, caller: Caller, id: string, input: Partial<CourseInput>): Promise<Course | null> {
  return updateAudited<Course>(db, caller, 'course', courses, courseColumns, id, input);
}

/** Deletes a course, and takes it out of every plan that names it; false when there is no such course. */
export function deleteCourse(db: Db, caller: Caller, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(courses).where(eq(courses.id, id)).returning();
    if (!row) return false;
    await recordAudit(tx, caller, 'course', id, 'delete', courseOf(row), null);
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
    return true;
  });
}
