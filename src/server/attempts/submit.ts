import type { Context } from 'hono';
import type { Course } from '../../api/courses.ts';
import { FetoLog, LaserLog } from '../../api/attempts.ts';
import { ErrorCode } from '../../api/errors.ts';
import { FETO_PROCEDURE } from '../../domain/airway/record.ts';
import { LATE_SEND_MS, sendTimingVerdict } from '../../domain/attempt-delivery.ts';
import { findCase } from '../../domain/course-items.ts';
import { userEntitled } from '../access/entitlement.ts';
import { windowOpenAtSubmission } from '../assessments/index.ts';
import { issueForCourse, issueIfComplete } from '../certificates/index.ts';
import { fail, invalid } from '../http/errors.ts';
import { simulatorLimit } from '../http/simulator-limit.ts';
import type { Env } from '../http/sub-app.ts';
import { verifyLaunchToken, type VerifiedLaunch } from '../launch/index.ts';
import { attemptIdOf, resultOf, sha256 } from './attempt-rows.ts';
import { benchmarkOf } from './benchmarks.ts';
import { dailyAttemptCap, dailyCapOf, dailyCapReached } from './daily-cap.ts';
import { findAttempt, insertAttempt, isExpert, type AttemptRow } from './queries.ts';
import type { ReplayOutcome } from './replay/job.ts';

/** The steps of POST /attempts, in the order they run: each answers what it found, or the answer to give instead. */

type C = Context<Env>;

/** What the learner sent: the attempt's id (the token's hash), the log as JSON, its hash, its last moment and when it was started. */
export interface Sent {
  token: string;
  id: string;
  events: readonly unknown[];
  eventsJson: string;
  logHash: string;
  lastT: number;
  startedAgoMs: number | undefined;
}

export function sentOf(token: string, events: ReadonlyArray<{ t: number }>, startedAgoMs: number | undefined): Sent {
  const eventsJson = JSON.stringify(events);
  const lastT = events.reduce((m, e) => Math.max(m, e.t), 0);
  return { token, id: attemptIdOf(token), events, eventsJson, logHash: sha256(eventsJson), lastT, startedAgoMs };
}

/** Sent again (its answer was lost, or a device kept it): the stored attempt is answered, whatever has changed since. */
async function answerStored(c: C, row: AttemptRow, sent: Sent) {
  return row.logHash === sent.logHash
    ? c.json(resultOf(row, await benchmarkOf(c.get('deps').db.db, row.courseId, row.caseId, row.task)), 200)
    : fail(c, 409, ErrorCode.conflict, 'This launch already made an attempt with a different log: launch the case again');
}

/** The launch the token names, sent by its own learner from the browser simulator within the rate limit; or the stored attempt, or the refusal. */
export async function launchOf(c: C, sent: Sent, now: Date) {
  const { config, db } = c.get('deps');
  // An expired token is read too: its attempt may have been kept on the learner's device (its times are judged later).
  const claims = await verifyLaunchToken(config.launchSecret, sent.token, now, LATE_SEND_MS);
  if (!claims) {
    // Only a token we signed hashes to a stored attempt's id, and only its learner is answered it.
    const stored = await findAttempt(db.db, sent.id);
    if (stored?.userId === c.get('caller')!.uid) return answerStored(c, stored, sent);
    return fail(c, 401, ErrorCode.invalidToken, 'The launch token is invalid or expired');
  }
  // The token sits in the page's address: holding it proves nothing. Administrators send no one else's either,
  // since an attempt is the record of one person's own hands.
  if (claims.uid !== c.get('caller')!.uid) return fail(c, 403, ErrorCode.forbidden, 'This launch was made by another user: only they may send its attempt');
  // The browser plays the laser tasks and tracheal occlusion: another desktop procedure's launch has no log it could have made.
  if (claims.task && claims.task !== FETO_PROCEDURE)
    return invalid(c, [{ path: 'token', message: 'this case is played in the desktop simulator, whose attempts are not sent here' }]);
  const limited = await simulatorLimit(c, claims.uid);
  if (limited) return limited;
  const stored = await findAttempt(db.db, sent.id);
  return stored ? answerStored(c, stored, sent) : claims;
}

/** The course of the launch, which still has its case (wherever it has moved since) and still includes the learner, under their daily cap; or the refusal. */
export async function launchedCourse(c: C, claims: VerifiedLaunch, now: Date) {
  const { catalogue, db } = c.get('deps');
  const course = (await catalogue.course(claims.course))?.value;
  if (!course) return fail(c, 404, ErrorCode.notFound, 'No such course');
  if (!findCase(course.levels, claims.caseId)) return fail(c, 404, ErrorCode.notFound, 'No such case in this course');
  if (!(await userEntitled(db.db, claims.uid, claims.course, now))) {
    return fail(c, 403, ErrorCode.forbidden, 'No subscription includes this course any more');
  }
  // After the lookup: an attempt stored already is answered again (its answer may have been lost), even at the cap.
  return (await dailyAttemptCap(c, claims.uid, now)) ?? course;
}

/** The refusal of a log whose times do not fit its launch's life (or of one sent too late); null when they fit. */
export function untimely(c: C, claims: VerifiedLaunch, sent: Sent, now: Date) {
  const timing = sendTimingVerdict({
    issuedAt: claims.issuedAt,
    expiresAt: claims.expiresAt,
    now: now.getTime(),
    lastT: sent.lastT,
    startedAgoMs: sent.startedAgoMs,
  });
  if (timing === 'longerThanLaunch') return invalid(c, [{ path: 'events', message: 'the log lasts longer than the time since the launch' }]);
  if (timing === 'tooLate') return fail(c, 401, ErrorCode.invalidToken, 'The launch token expired more than 7 days before this attempt was sent');
  if (timing === 'notStartedInLife') {
    return fail(c, 401, ErrorCode.invalidToken, 'The launch token has expired, and this attempt was not started within its life');
  }
  return null;
}

/** The refusal of a log its launch's page does not record (a placenta's events on an airway, the balloon's on a placenta); null when it fits. */
export function foreignLog(c: C, claims: VerifiedLaunch, sent: Sent) {
  const feto = claims.task === FETO_PROCEDURE;
  const checked = (feto ? FetoLog : LaserLog).safeParse(sent.events);
  if (checked.success) return null;
  const at = ['events', ...(checked.error.issues[0]?.path ?? [])].join('.');
  return invalid(c, [{ path: at, message: feto ? 'this case is played on the airway: the log is not a FETO log' : 'the log is not a fetoscopic laser log' }]);
}

/** The log replayed on the launch's placenta: its outcome, or the refusal (the scorers busy, over budget, the fetoscopy never opened). */
export async function replayed(c: C, claims: VerifiedLaunch, sent: Sent) {
  const { replay } = c.get('deps');
  const { course, level, case: caseIndex, variant, sim } = claims;
  const feto = claims.task === FETO_PROCEDURE;
  const job = { course, level, case: caseIndex, variant, sim, eventsJson: sent.eventsJson };
  const answer = await replay.run(feto ? { ...job, feto: { caseId: claims.caseId } } : job);
  if (answer.status === 'busy') {
    c.header('Retry-After', '5');
    return fail(c, 503, ErrorCode.busy, 'Too many attempts are being scored: try again in a few seconds');
  }
  if (answer.status === 'over-budget') {
    return fail(c, 422, ErrorCode.replayOverBudget, `The log took more than ${replay.budgetMs} ms to replay`);
  }
  const { outcome } = answer;
  if (outcome.kind === 'feto') {
    if (outcome.refusal === 'unordered') return invalid(c, [{ path: 'events', message: 'the events are not in time order' }]);
    if (outcome.refusal === 'afterFinish') return invalid(c, [{ path: 'events', message: 'the log goes on after its finish' }]);
  } else if (!outcome.opened) return invalid(c, [{ path: 'events', message: 'the fetoscopy was never opened' }]);
  return outcome;
}

/** The attempt's row: assessed only if its window is still open now (sent after it expired or was closed, it is practice). */
async function rowOf(c: C, claims: VerifiedLaunch, sent: Sent, outcome: ReplayOutcome, now: Date) {
  const assessmentId = claims.assessment && (await windowOpenAtSubmission(c.get('deps').db.db, claims.assessment, now)) ? claims.assessment : null;
  return {
    id: sent.id,
    userId: claims.uid,
    courseId: claims.course,
    caseId: claims.caseId,
    level: claims.level,
    caseIndex: claims.case,
    task: claims.task === FETO_PROCEDURE ? FETO_PROCEDURE : claims.sim.task,
    variant: claims.variant,
    score: outcome.score,
    metrics: outcome.metrics,
    components: outcome.kind === 'laser' ? outcome.components : {},
    weights: outcome.kind === 'laser' ? outcome.weights : {},
    gates: outcome.gates,
    debrief: outcome.kind === 'laser' ? outcome.debrief : null,
    flagged: outcome.flags.length > 0,
    flags: outcome.flags,
    assessmentId,
    logHash: sent.logHash,
    logGzip: outcome.logGzip,
  };
}

/** Stores the scored attempt under the daily cap, issues the certificate it completes, and answers it (201). */
export async function stored(c: C, claims: VerifiedLaunch, course: Course, sent: Sent, outcome: ReplayOutcome, now: Date) {
  const { catalogue, db } = c.get('deps');
  const cap = dailyCapOf(c, now);
  const saved = await insertAttempt(db.db, await rowOf(c, claims, sent, outcome, now), cap);
  // Sent twice at once: the other request stored it first.
  if (saved === 'duplicate') return answerStored(c, (await findAttempt(db.db, sent.id))!, sent);
  // Attempts sent at once all passed the check above; the one made where they are stored lets only the cap in.
  if ('fullSince' in saved) return dailyCapReached(c, cap, saved.fullSince);
  const inserted = saved.stored;
  // The attempt that completes the course issues its certificate, kept on record whatever changes later; an expert's
  // moves the benchmarks, the pass marks of cases that set none, which may complete the course for others too.
  if (!inserted.flagged && (await isExpert(db.db, inserted.userId))) {
    catalogue.changed(inserted.courseId);
    await issueForCourse(db.db, course);
  } else await issueIfComplete(db.db, inserted.userId, course);
  return c.json(resultOf(inserted, await benchmarkOf(db.db, inserted.courseId, inserted.caseId, inserted.task)), 201);
}
