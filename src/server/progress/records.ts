import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CertificateSummary } from '../../api/certificates.ts';
import type { Course } from '../../api/courses.ts';
import type { CourseProgress, CourseProgressLine } from '../../api/progress.ts';
import { localizeCourse, pick, titlesOf, type ContentLocale } from '../../domain/localize.ts';
import { certificateCases, courseStanding, lockOf, type AttemptFact, type BenchmarkFact, type CourseStanding, type Lock } from '../../domain/progress.ts';
import { courseBenchmarks } from '../attempts/index.ts';
import { sittingsOf } from '../assessments/index.ts';
import { certificateKindOf } from '../../domain/assessment.ts';
import type { Catalogue } from '../courses/index.ts';
import type { Db } from '../db/client.ts';
import { attempts, certificates, users } from '../db/schema.ts';

/** How learning records are read and certificates issued: shared by /progress, /certificates and /groups. */
export type CertificateRow = typeof certificates.$inferSelect;

/** 128 random bits, base64url: an address nobody can guess or enumerate. */
export const newCertificateId = () => randomBytes(16).toString('base64url');

/** Every course that has at least one active case, in catalogue order. */
export async function activeCourses(catalogue: Catalogue): Promise<Course[]> {
  const list = (await catalogue.summaries()).value;
  const all = await Promise.all(list.map(async (s) => (await catalogue.course(s.id))?.value ?? null));
  return all.filter((c): c is Course => c !== null && c.levels.some((l) => l.active && l.cases.length > 0));
}

/** The stored attempts of some users (in one course, or all), by user then course. */
export async function attemptFacts(db: Db, uids: string[], courseId?: string): Promise<Map<string, Map<string, AttemptFact[]>>> {
  const out = new Map<string, Map<string, AttemptFact[]>>();
  if (uids.length === 0) return out;
  const rows = await db
    .select({
      userId: attempts.userId,
      courseId: attempts.courseId,
      caseId: attempts.caseId,
      score: attempts.score,
      at: attempts.createdAt,
      flagged: attempts.flagged,
      assessed: sql<boolean>`${attempts.assessmentId} IS NOT NULL`,
    })
    .from(attempts)
    .where(and(inArray(attempts.userId, uids), courseId ? eq(attempts.courseId, courseId) : undefined));
  for (const { userId, courseId: course, ...fact } of rows) {
    const byCourse = out.get(userId) ?? new Map<string, AttemptFact[]>();
    byCourse.set(course, [...(byCourse.get(course) ?? []), fact]);
    out.set(userId, byCourse);
  }
  return out;
}

/** The experts' median score per case, the default pass mark where an admin set none. */
export async function benchmarkFacts(db: Db, course: Course): Promise<BenchmarkFact[]> {
  return (await courseBenchmarks(db, course)).map((b) => ({ caseId: b.caseId, score: b.score }));
}

export async function certificatesOf(db: Db, uids: string[]): Promise<CertificateRow[]> {
  if (uids.length === 0) return [];
  return db.select().from(certificates).where(inArray(certificates.userId, uids));
}

/** The certificate as its holder sees it, its course title in `locale` (kept at issue; English where it had none). */
export function certificateSummary(row: CertificateRow, locale: ContentLocale = 'en'): CertificateSummary {
  return {
    id: row.id,
    courseId: row.courseId,
    courseTitle: pick(row.courseTitle, row.courseTranslations, locale, 'title'),
    completedAt: row.completedAt.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    revoked: row.revokedAt !== null,
    kind: row.kind,
    sittings: row.sittings,
  };
}

/** The name a certificate shows: the profile's name, or the address's local part for a profile without one. */
const holderNameOf = (user: { name: string; email: string }) => user.name.trim() || user.email.split('@')[0] || user.email;

/**
 * The learner's certificate for a course they completed, issued now if it was not yet. Issued once: a revoked one
 * stays revoked, and a course changed later does not take it back. `course` is the course as stored (English texts
 * with their translations), which the certificate keeps; the standing may have been read in any language.
 */
export async function issueIfComplete(
  db: Db,
  uid: string,
  course: Course,
  standing: CourseStanding,
  existing: CertificateRow | undefined,
): Promise<CertificateRow | null> {
  if (existing) return existing;
  if (!standing.complete) return null;
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, uid));
  if (!user) return null;
  const cases = certificateCases(standing, course);
  const kind = certificateKindOf(cases);
  const [row] = await db
    .insert(certificates)
    .values({
      id: newCertificateId(),
      userId: uid,
      courseId: course.id,
      holderName: holderNameOf(user),
      courseTitle: course.title,
      courseTranslations: titlesOf(course.translations),
      cases,
      kind,
      sittings: kind === 'assessed' ? await sittingsOf(db, uid, course.id) : [],
      completedAt: standing.completedAt!,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Issued by a request that ran at the same time.
  const [stored] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, uid), eq(certificates.courseId, course.id)));
  return stored ?? null;
}

/** The standing as the contract answers it, in `locale` (the standing read from the course in that language). */
export function progressOf(uid: string, course: Course, standing: CourseStanding, certificate: CertificateRow | null, locale: ContentLocale): CourseProgress {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    courseId: course.id,
    userId: uid,
    ...standing,
    completedAt: iso(standing.completedAt),
    modules: standing.modules.map((m) => ({ ...m, cases: m.cases.map((c) => ({ ...c, passedAt: iso(c.passedAt) })) })),
    certificate: certificate ? certificateSummary(certificate, locale) : null,
  };
}

/** One learner's line for a course in lists (course list, My account, a group), `course` read in `locale`. */
export function progressLine(
  course: Course,
  standing: CourseStanding,
  facts: readonly AttemptFact[],
  certificate: CertificateRow | null,
  locale: ContentLocale,
): CourseProgressLine {
  return {
    courseId: course.id,
    title: course.title,
    passed: standing.passed,
    total: standing.total,
    percent: standing.percent,
    attempts: facts.filter((f) => !f.flagged).length,
    complete: standing.complete,
    certificate: certificate ? certificateSummary(certificate, locale) : null,
  };
}

/**
 * A learner's standing in each course (`courses` as stored), certificates issued where a course was completed. Each
 * line's course and standing are read in `locale`, English where a text has no translation.
 */
export async function recordsOf(db: Db, uids: string[], courses: Course[], locale: ContentLocale) {
  const facts = await attemptFacts(db, uids);
  const certs = await certificatesOf(db, uids);
  const benchmarks = new Map(await Promise.all(courses.map(async (c) => [c.id, await benchmarkFacts(db, c)] as const)));
  const out = new Map<string, Array<{ course: Course; standing: CourseStanding; facts: AttemptFact[]; certificate: CertificateRow | null }>>();
  for (const uid of uids) {
    const lines = [];
    for (const course of courses) {
      const mine = facts.get(uid)?.get(course.id) ?? [];
      const shown = localizeCourse(course, locale);
      const standing = courseStanding(shown, mine, benchmarks.get(course.id));
      const existing = certs.find((c) => c.userId === uid && c.courseId === course.id);
      lines.push({ course: shown, standing, facts: mine, certificate: await issueIfComplete(db, uid, course, standing, existing) });
    }
    out.set(uid, lines);
  }
  return out;
}

/** Why a learner may not open a case yet in a course in proficiency order; null when they may (administrators always may). */
export async function launchLock(db: Db, uid: string, course: Course, level: number, caseIndex: number): Promise<Lock | null> {
  if (!course.proficiencyOrder) return null;
  const [user] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, uid));
  if (user?.isAdmin) return null;
  const facts = (await attemptFacts(db, [uid], course.id)).get(uid)?.get(course.id) ?? [];
  return lockOf(courseStanding(course, facts, await benchmarkFacts(db, course)), level, caseIndex);
}
