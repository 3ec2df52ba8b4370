import { randomBytes } from 'node:crypto';
import type { Course } from '../../api/courses.ts';
import { certificateKindOf } from '../../domain/assessment.ts';
import { titlesOf } from '../../domain/localize.ts';
import { certificateCases, courseStanding } from '../../domain/progress.ts';
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

/**
 * Issues the learner's certificate of a course they have completed, when an attempt of theirs in it is stored (the
 * attempts area calls it; reading a record never does). Issued once: a revoked one stays revoked, and a course changed
 * later does not take it back. `course` is the course as stored (English texts with their translations), which the
 * certificate keeps. Answers the certificate, issued now or before, or null while the course is not complete.
 */
export async function issueIfComplete(db: Db, uid: string, course: Course): Promise<CertificateRow | null> {
  const existing = await certificateOf(db, uid, course.id);
  if (existing) return existing;
  const facts = (await attemptFacts(db, [uid], course.id)).get(uid)?.get(course.id) ?? [];
  const standing = courseStanding(course, facts, await benchmarkFacts(db, course));
  if (!standing.complete) return null;
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

const OWED = 'issue-owed-certificates';

/**
 * Once, at the first start after migration 0020: the certificates of courses completed before they were issued on
 * storing an attempt (they were issued when a record was read, so a learner never shown theirs has none yet).
 * Answers how many were issued; 0, and nothing read, once done.
 */
export async function issueOwedCertificates(db: Db, catalogue: Catalogue): Promise<number> {
  if (!(await taskPending(db, OWED))) return 0;
  let issued = 0;
  for (const { userId, courseId } of await uncertified(db)) {
    const course = (await catalogue.course(courseId))?.value;
    if (course && (await issueIfComplete(db, userId, course))) issued += 1;
  }
  await taskDone(db, OWED);
  return issued;
}
