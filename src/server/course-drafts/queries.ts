import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { CourseDraft, CourseImpact } from '../../api/course-drafts.ts';
import type { Course, StoredCourseInput } from '../../api/courses.ts';
import type { CourseStatus } from '../../domain/defaults.ts';
import { localizePlan, type ContentLocale } from '../../domain/localize.ts';
import { publishChecks, publishSummary } from '../../domain/publishing.ts';
import { keepingDefaults } from '../../domain/reorder.ts';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { attempts, certificates, courseDrafts, courses, plans, users } from '../db/schema.ts';
import { courseOf, isArchived } from '../courses/index.ts';

/** The SQL of course drafts: edits saved beside the published row (course_drafts), published or dropped whole. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The course as stored and its draft, locked for a change when `lock`; null when there is no such course or it is archived. */
async function versions(db: Db | Tx, id: string, lock = false) {
  const query = db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), ne(courses.status, 'archived')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const [draft] = await db.select().from(courseDrafts).where(eq(courseDrafts.courseId, id));
  return { row, draft };
}

/** The editable version and what publishing it would change for learners. */
function draftOf(row: typeof courses.$inferSelect, draft: { body: StoredCourseInput } | undefined): CourseDraft {
  const published = courseOf(row);
  const course: Course = { ...published, ...draft?.body, id: row.id } as Course;
  const status = row.status;
  const { id: _id, ...version } = course;
  const { id: _same, ...live } = published;
  const summary = status === 'draft' ? publishSummary(null, version) : draft ? publishSummary(live, version) : null;
  return { course, status, pending: status === 'draft' || draft !== undefined, summary, checks: publishChecks(version) };
}

export async function readDraft(db: Db, id: string): Promise<CourseDraft | null> {
  const found = await versions(db, id);
  return found && draftOf(found.row, found.draft);
}

/** Saves the whole course as its draft; null when there is no such course, 'archived' for one archived (it no longer changes). */
export async function saveDraft(db: Db, caller: Caller, id: string, input: StoredCourseInput): Promise<CourseDraft | 'archived' | null> {
  const found = await versions(db, id);
  if (!found) return (await isArchived(db, id)) ? 'archived' : null;
  // A case moved from where the version it came from had it keeps what it played there, whoever sent the new order.
  const body = { ...input, levels: keepingDefaults(found.draft?.body.levels ?? found.row.levels, input.levels) };
  const [draft] = await db
    .insert(courseDrafts)
    .values({ courseId: id, body, updatedBy: caller.uid })
    .onConflictDoUpdate({ target: courseDrafts.courseId, set: { body, updatedBy: caller.uid, updatedAt: sql`now()` } })
    .returning();
  return draftOf(found.row, draft);
}

/** Drops the draft of a published course; 'never' for a course never published (nothing to return to), null when there is no such course. */
export function discardDraft(db: Db, caller: Caller, id: string): Promise<CourseDraft | 'never' | null> {
  return db.transaction(async (tx) => {
    const found = await versions(tx, id, true);
    if (!found) return null;
    if (found.row.status === 'draft') return 'never';
    if (found.draft) {
      await tx.delete(courseDrafts).where(eq(courseDrafts.courseId, id));
      await recordAudit(tx, caller, 'course', id, 'discard', found.draft.body, null);
    }
    return draftOf(found.row, undefined);
  });
}

/**
 * Makes the draft what learners see: its fields written over the published row, the course published, the draft
 * dropped, one audit entry with both versions. 'nothing' when a published course has no draft; null when no such course.
 * Answers the status the course had, so the caller knows whether it newly appears.
 */
export function publishDraft(db: Db, caller: Caller, id: string): Promise<{ draft: CourseDraft; was: CourseStatus } | 'nothing' | null> {
  return db.transaction(async (tx) => {
    const found = await versions(tx, id, true);
    if (!found) return null;
    const { row, draft } = found;
    if (row.status === 'published' && !draft) return 'nothing';
    const { id: _id, ...fields } = { ...courseOf(row), ...draft?.body };
    const [after] = await tx
      .update(courses)
      .set({ ...fields, status: 'published' })
      .where(eq(courses.id, id))
      .returning();
    await tx.delete(courseDrafts).where(eq(courseDrafts.courseId, id));
    await recordAudit(tx, caller, 'course', id, 'publish', row.status === 'draft' ? null : courseOf(row), courseOf(after!));
    return { draft: draftOf(after!, undefined), was: row.status };
  });
}

/** Every course not archived, oldest first: its title (the draft's when there is one), status and whether edits wait. */
export async function draftLines(db: Db) {
  const rows = await db
    .select({ id: courses.id, title: courses.title, status: courses.status, draftTitle: sql<string | null>`${courseDrafts.body}->>'title'` })
    .from(courses)
    .leftJoin(courseDrafts, eq(courseDrafts.courseId, courses.id))
    .where(ne(courses.status, 'archived'))
    .orderBy(asc(courses.createdAt), asc(courses.id));
  return rows.map((r) => ({ id: r.id, title: r.draftTitle ?? r.title, status: r.status, pending: r.status === 'draft' || r.draftTitle !== null }));
}

/** What deleting a case or module of the course touches: attempts and learners per case id, certificates, plan titles; null when no such course. */
export async function courseImpact(db: Db, id: string, locale: ContentLocale): Promise<CourseImpact | null> {
  const found = await versions(db, id);
  if (!found) return null;
  const played = await db
    .select({ caseId: attempts.caseId, userId: attempts.userId, n: count() })
    .from(attempts)
    .where(eq(attempts.courseId, id))
    .groupBy(attempts.caseId, attempts.userId);
  const moduleOf = new Map(draftOf(found.row, found.draft).course.levels.flatMap((m) => m.cases.map((c) => [c.id, m.id] as const)));
  const tally = (key: (caseId: string) => string | undefined) => {
    const out: Record<string, { attempts: number; learners: number }> = {};
    const seen = new Set<string>();
    for (const r of played) {
      const k = key(r.caseId);
      if (k === undefined) continue;
      const t = (out[k] ??= { attempts: 0, learners: 0 });
      t.attempts += r.n;
      if (!seen.has(`${k}\n${r.userId}`)) t.learners += 1;
      seen.add(`${k}\n${r.userId}`);
    }
    return out;
  };
  const [issued] = await db.select({ n: count() }).from(certificates).where(eq(certificates.courseId, id));
  const including = await db
    .select({ title: plans.title, description: plans.description, translations: plans.translations })
    .from(plans)
    .where(sql`${plans.courses} @> ${JSON.stringify([id])}::jsonb`);
  return {
    cases: tally((caseId) => caseId),
    modules: tally((caseId) => moduleOf.get(caseId)),
    certificates: issued?.n ?? 0,
    plans: including.map((p) => localizePlan(p, locale).title).sort((a, b) => a.localeCompare(b, locale)),
  };
}

/** Whether the user is an administrator now (a preview ends with its administrator's demotion). */
export async function isAdministrator(db: Db, uid: string): Promise<boolean> {
  const [asker] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, uid));
  return asker?.isAdmin === true;
}
