import { randomBytes } from 'node:crypto';
import type { Course } from '../../api/courses.ts';
import { certificateKindOf } from '../../domain/assessment.ts';
import { titlesOf } from '../../domain/localize.ts';
import { certificateCases, courseStanding, type CourseStanding } from '../../domain/progress.ts';
import { sittingsOf } from '../assessments/index.ts';
import { attemptFacts, benchmarkFacts } from '../attempts/index.ts';
import type { Catalogue } from '../courses/index.ts';
import type { Db } from '../db/client.ts';
import { certificateOf, holderOf, insertCertificate, taskDone, taskPending, uncertified } from './queries.ts';
import type { CertificateRow } from './summary.ts';

/** 128 random bits, base64url: an address nobody can guess or enumerate. */
const newCertificateId = () => randomBytes(16).toString('base64url');

/** The name a certificate shows: the profile's name, or the address's local part for a profile without one. */
const holderNameOf = (user: { name: string; email: string }) => user.name.trim() || user.email.split('@')[0] || user.email;

/** Stores the certificate of a completed course: the holder's name, the course's titles and cases as they are now. */
async function issue(db: Db, uid: string, course: Course, standing: CourseStanding): Promise<CertificateRow | null> {
  const user = await holderOf(db, uid);
  if (!user) return null;
  const cases = certificateCases(standing, course);
  const kind = certificateKindOf(cases);
  return insertCertificate(db, {
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
  });
}

/** Issues the certificates of `course` that the learners `uids`, holding none of it, have completed; answers those issued. */
async function issueWhereComplete(db: Db, uids: string[], course: Course): Promise<CertificateRow[]> {
  const facts = await attemptFacts(db, uids, course.id);
  const benchmarks = await benchmarkFacts(db, course);
  const issued: CertificateRow[] = [];
  for (const uid of uids) {
    const standing = courseStanding(course, facts.get(uid)?.get(course.id) ?? [], benchmarks);
    const row = standing.complete ? await issue(db, uid, course, standing) : null;
    if (row) issued.push(row);
  }
  return issued;
}

/**
 * Issues the learner's certificate of a course they have completed, when an attempt of theirs in it is stored (the
 * attempts area calls it; reading a record never does). Issued once: a revoked one stays revoked, and a course changed
 * later does not take it back. `course` is the course as stored (English texts with their translations), which the
 * certificate keeps. Answers the certificate, issued now or before, or null while the course is not complete.
 */
export async function issueIfComplete(db: Db, uid: string, course: Course): Promise<CertificateRow | null> {
  return (await certificateOf(db, uid, course.id)) ?? (await issueWhereComplete(db, [uid], course))[0] ?? null;
}

/**
 * After a write that may complete a course for learners who sent no attempt (an administrator's change to its pass
 * marks or cases, an expert's attempt that moves a benchmark): the certificates of every learner of the course who
 * has now completed it (`course` as stored now). Answers how many were issued.
 */
export async function issueForCourse(db: Db, course: Course): Promise<number> {
  const uids = (await uncertified(db, course.id)).map((row) => row.userId);
  return uids.length === 0 ? 0 : (await issueWhereComplete(db, uids, course)).length;
}

const OWED = 'issue-owed-certificates';

/**
 * Once, at the first start after migration 0020: the certificates of courses completed before they were issued on
 * storing an attempt (they were issued when a record was read, so a learner never shown theirs has none yet).
 * Answers how many were issued; 0, and nothing read, once done.
 */
export async function issueOwedCertificates(db: Db, catalogue: Catalogue): Promise<number> {
  if (!(await taskPending(db, OWED))) return 0;
  const courseIds = [...new Set((await uncertified(db)).map((row) => row.courseId))];
  let issued = 0;
  for (const courseId of courseIds) {
    const course = (await catalogue.course(courseId))?.value;
    if (course) issued += await issueForCourse(db, course);
  }
  await taskDone(db, OWED);
  return issued;
}
