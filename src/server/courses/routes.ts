import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../api/errors.ts';
import { newCourseBody } from '../../domain/defaults.ts';
import { recordAudit, updateAudited } from '../audit/index.ts';
import { courseColumns, courseOf } from './catalogue.ts';
import { courses, plans } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { prepared, rawJson } from '../http/answers.ts';
import { requireAdmin } from '../access/caller.ts';
import type { Course, CourseSummary } from '../../api/courses.ts';
import { contentLocale } from '../http/content-locale.ts';
import { planOf } from '../db/rows.ts';
import * as routes from '../../api/courses.ts';

/** /courses: the public catalogue (served from memory) and the admin's edits. */
export const coursesApp = subApp()
  .openapi(routes.list, async (c) => {
    const answer = await c.get('deps').catalogueAnswer.read({
      lang: c.req.valid('query').lang,
      acceptLanguage: c.req.header('accept-language'),
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
    });
    // The query was validated, so the language is one we have and there is an answer.
    return prepared<CourseSummary[]>(answer!);
  })
  .openapi(routes.get, async (c) => {
    const hit = await c.get('deps').catalogue.course(c.req.valid('param').id, contentLocale(c));
    if (!hit) return fail(c, 404, ErrorCode.notFound, 'No such course');
    return rawJson(c, hit);
  })
  .openapi(guarded(routes.create, requireAdmin), async (c) => {
    const body = { ...newCourseBody(), thumbnail: null, ...c.req.valid('json') };
    const { catalogue, db } = c.get('deps');
    const id = crypto.randomUUID();
    await db.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courses)
        .values({ id, ...body, thumbnail: body.thumbnail ?? null })
        .returning();
      await recordAudit(tx, c.get('caller')!, 'course', id, 'create', null, row && courseOf(row));
    });
    catalogue.changed(id);
    return c.json(id, 201);
  })
  .openapi(guarded(routes.update, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const { catalogue, db } = c.get('deps');
    // What the body leaves out (proficiency order, outcomes, duration, translations, thumbnail) stays as stored.
    const after = await updateAudited<Course>(db.db, c.get('caller')!, 'course', courses, courseColumns, id, body);
    if (!after) return fail(c, 404, ErrorCode.notFound, 'No such course');
    catalogue.changed(id);
    return c.json(after, 200);
  })
  .openapi(guarded(routes.remove, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const { catalogue, db } = c.get('deps');
    const deleted = await db.db.transaction(async (tx) => {
      const [row] = await tx.delete(courses).where(eq(courses.id, id)).returning();
      if (!row) return row;
      await recordAudit(tx, c.get('caller')!, 'course', id, 'delete', courseOf(row), null);
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
        await recordAudit(tx, c.get('caller')!, 'plan', before.id, 'update', planOf(before), after && planOf(after));
      }
      return row;
    });
    if (!deleted) return fail(c, 404, ErrorCode.notFound, 'No such course');
    catalogue.changed();
    return c.body(null, 204);
  });
