import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { GrantedLaunch, LearnerReview, SittingLaunch } from '../../api/assessments.ts';
import { launchesAllowed, launchFate } from '../../domain/assessment.ts';
import { reviewRecord } from '../../domain/record-review.ts';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { assessmentGrants, assessmentLaunches, attempts, users } from '../db/schema.ts';

/** The SQL of the launches made with a code and the extra launches directors grant: one launch per case and sitting, unless granted. */
export interface LaunchFacts {
  /** The id its attempt will have (attemptIdOf its token). */
  id: string;
  windowId: string;
  userId: string;
  caseId: string;
  level: number;
  caseIndex: number;
  launchedAt: Date;
  expiresAt: Date;
}

const sameCase = (windowId: string, userId: string, caseId: string) => [
  eq(assessmentLaunches.windowId, windowId),
  eq(assessmentLaunches.userId, userId),
  eq(assessmentLaunches.caseId, caseId),
];

/**
 * Records a launch as it is made, or answers `used` when the learner has launched this case in this sitting as many
 * times as it allows. Two launches at once take the same place, and the unique index lets only one of them have it.
 */
export async function recordLaunch(db: Db, facts: LaunchFacts): Promise<'recorded' | 'used'> {
  const { windowId, userId, caseId } = facts;
  const [made] = await db
    .select({ n: count() })
    .from(assessmentLaunches)
    .where(and(...sameCase(windowId, userId, caseId)));
  const [granted] = await db
    .select({ n: count() })
    .from(assessmentGrants)
    .where(and(eq(assessmentGrants.windowId, windowId), eq(assessmentGrants.userId, userId), eq(assessmentGrants.caseId, caseId)));
  const seq = (made?.n ?? 0) + 1;
  if (seq > launchesAllowed(granted?.n ?? 0)) return 'used';
  const [row] = await db
    .insert(assessmentLaunches)
    .values({ ...facts, seq })
    .onConflictDoNothing()
    .returning({ id: assessmentLaunches.id });
  return row ? 'recorded' : 'used';
}

/** Grants one more launch of a case in a sitting, with the reason and its audit entry. */
export async function grantLaunch(db: Db, caller: Caller, windowId: string, userId: string, caseId: string, reason: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const values = { id: crypto.randomUUID(), windowId, userId, caseId, reason, grantedBy: caller.uid, grantedAt: now };
    await tx.insert(assessmentGrants).values(values);
    await recordAudit(tx, caller, 'assessment', windowId, 'update', null, { grant: { userId, caseId, reason } });
    return values;
  });
}

const nameOf = (u: { name: string | null; email: string | null } | null, id: string) => u?.name?.trim() || u?.email || id;

/** Every launch of a sitting, oldest first, with what became of it (read from its attempt, never written on reading). */
export async function launchesOf(db: Db, windowId: string, now = new Date()): Promise<SittingLaunch[]> {
  const rows = await db
    .select({
      launch: assessmentLaunches,
      name: users.name,
      email: users.email,
      flagged: attempts.flagged,
      flags: attempts.flags,
      assessed: sql<boolean>`${attempts.assessmentId} IS NOT NULL`,
      score: attempts.score,
      stored: isNotNull(attempts.id),
    })
    .from(assessmentLaunches)
    .leftJoin(attempts, eq(attempts.id, assessmentLaunches.id))
    .leftJoin(users, eq(users.id, assessmentLaunches.userId))
    .where(eq(assessmentLaunches.windowId, windowId))
    .orderBy(asc(assessmentLaunches.launchedAt), asc(assessmentLaunches.id));
  return rows.map(({ launch, name, email, flagged, flags, assessed, score, stored }) => {
    const attempt = stored && flagged !== null ? { flagged, assessed } : null;
    return {
      id: launch.id,
      userId: launch.userId,
      learnerName: nameOf({ name, email }, launch.userId),
      caseId: launch.caseId,
      level: launch.level,
      case: launch.caseIndex,
      seq: launch.seq,
      launchedAt: launch.launchedAt.toISOString(),
      fate: launchFate(attempt, launch.expiresAt, now),
      score: attempt ? score : null,
      flags: attempt?.flagged ? (flags ?? []) : [],
    };
  });
}

/**
 * The review of each learner's record in a course (their unflagged attempts, read as a whole), for those with
 * something to review: a flag is shown to the director and changes no attempt, progress or certificate.
 */
export async function reviewsOf(db: Db, uids: readonly string[], courseId: string): Promise<LearnerReview[]> {
  if (uids.length === 0) return [];
  const rows = await db
    .select({
      userId: attempts.userId,
      at: attempts.createdAt,
      score: attempts.score,
      variant: attempts.variant,
      caseId: attempts.caseId,
      surgeryTimeMs: sql<number | null>`(${attempts.metrics} ->> 'surgeryTimeMs')::float8`,
      name: users.name,
      email: users.email,
    })
    .from(attempts)
    .leftJoin(users, eq(users.id, attempts.userId))
    .where(and(inArray(attempts.userId, [...uids]), eq(attempts.courseId, courseId), eq(attempts.flagged, false)));
  return [...new Set(uids)].flatMap((uid) => {
    const mine = rows.filter((r) => r.userId === uid);
    const flags = reviewRecord(mine);
    return flags.length && mine[0] ? [{ userId: uid, learnerName: nameOf(mine[0], uid), flags }] : [];
  });
}

/** The extra launches granted in a sitting, oldest first. */
export async function grantsOf(db: Db, windowId: string): Promise<GrantedLaunch[]> {
  const rows = await db
    .select({ grant: assessmentGrants, name: users.name, email: users.email })
    .from(assessmentGrants)
    .leftJoin(users, eq(users.id, assessmentGrants.userId))
    .where(eq(assessmentGrants.windowId, windowId))
    .orderBy(asc(assessmentGrants.grantedAt), asc(assessmentGrants.id));
  return rows.map(({ grant, name, email }) => ({
    id: grant.id,
    userId: grant.userId,
    learnerName: nameOf({ name, email }, grant.userId),
    caseId: grant.caseId,
    reason: grant.reason,
    grantedBy: grant.grantedBy,
    grantedAt: grant.grantedAt.toISOString(),
  }));
}
