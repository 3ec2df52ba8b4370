import type { Course } from '../../api/courses.ts';
import type { CourseProgress, CourseProgressLine } from '../../api/progress.ts';
import { localizeCourse, type ContentLocale } from '../../domain/localize.ts';
import { courseStanding, lockOf, type AttemptFact, type CourseStanding, type Lock } from '../../domain/progress.ts';
import { attemptFacts, benchmarkFacts } from '../attempts/index.ts';
import { certificatesOf, certificateSummary, type CertificateRow } from '../certificates/index.ts';
import type { Catalogue } from '../courses/index.ts';
import type { Db } from '../db/client.ts';
import { adminFlagOf } from './queries.ts';

/** How learning records are read, with the certificates the certificates area issued: shared by /progress, /learning and /groups. Reading never writes. */

/** Every course that has at least one active case, in catalogue order. */
export async function activeCourses(catalogue: Catalogue): Promise<Course[]> {
  const list = (await catalogue.summaries()).value;
  const all = await Promise.all(list.map(async (s) => (await catalogue.course(s.id))?.value ?? null));
  return all.filter((c): c is Course => c !== null && c.levels.some((l) => l.active && l.cases.length > 0));
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

/** A learner's record of one course, read in a language: the course, their standing, their attempts and certificate. */
export interface CourseRecord {
  course: Course;
  standing: CourseStanding;
  facts: AttemptFact[];
  certificate: CertificateRow | null;
}

/**
 * A learner's standing in each course (`courses` as stored), with the certificate they hold of it. Each line's course
 * and standing are read in `locale`, English where a text has no translation.
 */
export async function recordsOf(db: Db, uids: string[], courses: Course[], locale: ContentLocale) {
  const facts = await attemptFacts(db, uids);
  const certs = await certificatesOf(db, uids);
  const benchmarks = new Map(await Promise.all(courses.map(async (c) => [c.id, await benchmarkFacts(db, c)] as const)));
  const out = new Map<string, CourseRecord[]>();
  for (const uid of uids) {
    const lines = [];
    for (const course of courses) {
      const mine = facts.get(uid)?.get(course.id) ?? [];
      const shown = localizeCourse(course, locale);
      const standing = courseStanding(shown, mine, benchmarks.get(course.id));
      const certificate = certs.find((c) => c.userId === uid && c.courseId === course.id) ?? null;
      lines.push({ course: shown, standing, facts: mine, certificate });
    }
    out.set(uid, lines);
  }
  return out;
}

/** Why a learner may not open a case yet in a course in proficiency order; null when they may (administrators always may). */
export async function launchLock(db: Db, uid: string, course: Course, level: number, caseIndex: number): Promise<Lock | null> {
  if (!course.proficiencyOrder) return null;
  const user = await adminFlagOf(db, uid);
  if (user?.isAdmin) return null;
  const facts = (await attemptFacts(db, [uid], course.id)).get(uid)?.get(course.id) ?? [];
  return lockOf(courseStanding(course, facts, await benchmarkFacts(db, course)), level, caseIndex);
}
