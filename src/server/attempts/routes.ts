import { ErrorCode } from '../../api/errors.ts';
import { findCase } from '../../domain/course-items.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import type { Catalogue } from '../courses/index.ts';
import { attemptIdOf, resultOf, sha256, summaryOf } from './attempt-rows.ts';
import { benchmarkOf, courseBenchmarks } from './benchmarks.ts';
import { attemptsOf, attemptSummaries, findAttempt, insertAttempt, isExpert, type AttemptRow } from './queries.ts';
import { userEntitled } from '../access/entitlement.ts';
import { canReadUser, refuseUser } from '../access/groups.ts';
import { contentLocale } from '../http/content-locale.ts';
import { fail, invalid } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireUser } from '../access/caller.ts';
import { verifyLaunchToken } from '../launch/index.ts';
import { issueIfComplete } from '../certificates/index.ts';
import { windowOpenAtSubmission } from '../assessments/index.ts';
import { simulatorLimit } from '../http/simulator-limit.ts';
import { dailyAttemptCap, dailyCapOf, dailyCapReached } from './daily-cap.ts';
import { LATE_SEND_MS, sendTimingVerdict } from '../../domain/attempt-delivery.ts';
import * as routes from '../../api/attempts.ts';

/** The published courses the rows' attempts belong to, in `locale`, by id (undefined for one no longer published). */
async function coursesOf(catalogue: Catalogue, rows: ReadonlyArray<{ courseId: string }>, locale: ContentLocale) {
  const ids = [...new Set(rows.map((r) => r.courseId))];
  return new Map(await Promise.all(ids.map(async (id) => [id, (await catalogue.course(id, locale))?.value] as const)));
}

/** /attempts: the simulator's results, scored here by replaying the event log, never trusted from the browser. */
export const attemptsApp = subApp()
  .openapi(guarded(routes.submit, requireUser), async (c) => {
    const { token, events, startedAgoMs } = c.req.valid('json');
    const { catalogue, config, db, replay } = c.get('deps');
    const now = new Date();
    const uid = c.get('caller')!.uid;
    const id = attemptIdOf(token);
    const eventsJson = JSON.stringify(events);
    const logHash = sha256(eventsJson);
    // Sent again (its answer was lost, or a device kept it): the stored attempt is answered, whatever has changed since.
    const answerStored = async (row: AttemptRow) =>
      row.logHash === logHash
        ? c.json(resultOf(row, await benchmarkOf(db.db, row.courseId, row.caseId, row.task)), 200)
        : fail(c, 409, ErrorCode.conflict, 'This launch already made an attempt with a different log: launch the case again');
    // An expired token is read too: its attempt may have been kept on the learner's device (its times are judged below).
    const claims = await verifyLaunchToken(config.launchSecret, token, now, LATE_SEND_MS);
    if (!claims) {
      // Only a token we signed hashes to a stored attempt's id, and only its learner is answered it.
      const stored = await findAttempt(db.db, id);
      if (stored?.userId === uid) return answerStored(stored);
      return fail(c, 401, ErrorCode.invalidToken, 'The launch token is invalid or expired');
    }
    // The token sits in the page's address: holding it proves nothing. Administrators send no one else's either,
    // since an attempt is the record of one person's own hands.
    if (claims.uid !== uid) return fail(c, 403, ErrorCode.forbidden, 'This launch was made by another user: only they may send its attempt');
    // The browser simulator plays the laser tasks only: a desktop procedure's launch has no log it could have made.
    if (claims.task) return invalid(c, [{ path: 'token', message: 'this case is played in the desktop simulator, whose attempts are not sent here' }]);
    const limited = await simulatorLimit(c, claims.uid);
    if (limited) return limited;
    const stored = await findAttempt(db.db, id);
    if (stored) return answerStored(stored);
    const course = (await catalogue.course(claims.course))?.value;
    if (!course) return fail(c, 404, ErrorCode.notFound, 'No such course');
    // The case launched, wherever it has moved since.
    const { caseId } = claims;
    if (!findCase(course.levels, caseId)) return fail(c, 404, ErrorCode.notFound, 'No such case in this course');
    if (!(await userEntitled(db.db, claims.uid, claims.course, now))) {
      return fail(c, 403, ErrorCode.forbidden, 'No subscription includes this course any more');
    }
    // After the lookup: an attempt stored already is answered again (its answer may have been lost), even at the cap.
    const capped = await dailyAttemptCap(c, claims.uid, now);
    if (capped) return capped;
    const lastT = events.reduce((m, e) => Math.max(m, e.t), 0);
    const timing = sendTimingVerdict({ issuedAt: claims.issuedAt, expiresAt: claims.expiresAt, now: now.getTime(), lastT, startedAgoMs });
    if (timing === 'longerThanLaunch') return invalid(c, [{ path: 'events', message: 'the log lasts longer than the time since the launch' }]);
    if (timing === 'tooLate') return fail(c, 401, ErrorCode.invalidToken, 'The launch token expired more than 7 days before this attempt was sent');
    if (timing === 'notStartedInLife') {
      return fail(c, 401, ErrorCode.invalidToken, 'The launch token has expired, and this attempt was not started within its life');
    }
    const answer = await replay.run({ course: claims.course, level: claims.level, case: claims.case, variant: claims.variant, sim: claims.sim, eventsJson });
    if (answer.status === 'busy') {
      c.header('Retry-After', '5');
      return fail(c, 503, ErrorCode.busy, 'Too many attempts are being scored: try again in a few seconds');
    }
    if (answer.status === 'over-budget') {
      return fail(c, 422, ErrorCode.replayOverBudget, `The log took more than ${replay.budgetMs} ms to replay`);
    }
    const { outcome } = answer;
    if (!outcome.opened) return invalid(c, [{ path: 'events', message: 'the fetoscopy was never opened' }]);
    // Assessed only if its window is still open now: sent after it expired or was closed, the attempt is practice.
    const assessmentId = claims.assessment && (await windowOpenAtSubmission(db.db, claims.assessment, now)) ? claims.assessment : null;
    const cap = dailyCapOf(c, now);
    const saved = await insertAttempt(
      db.db,
      {
        id,
        userId: claims.uid,
        courseId: claims.course,
        caseId,
        level: claims.level,
        caseIndex: claims.case,
        task: claims.sim.task,
        variant: claims.variant,
        score: outcome.score,
        metrics: outcome.metrics,
        components: outcome.components,
        weights: outcome.weights,
        gates: outcome.gates,
        debrief: outcome.debrief,
        flagged: outcome.flags.length > 0,
        flags: outcome.flags,
        assessmentId,
        logHash,
        logGzip: outcome.logGzip,
      },
      cap,
    );
    // Sent twice at once: the other request stored it first.
    if (saved === 'duplicate') return answerStored((await findAttempt(db.db, id))!);
    // Attempts sent at once all passed the check above; the one made where they are stored lets only the cap in.
    if ('fullSince' in saved) return dailyCapReached(c, cap, saved.fullSince);
    const inserted = saved.stored;
    if (!inserted.flagged && (await isExpert(db.db, inserted.userId))) catalogue.changed(inserted.courseId);
    // The attempt that completes the course issues its certificate, kept on record whatever changes later.
    await issueIfComplete(db.db, inserted.userId, course);
    return c.json(resultOf(inserted, await benchmarkOf(db.db, inserted.courseId, inserted.caseId, inserted.task)), 201);
  })
  .openapi(guarded(routes.list, requireUser), async (c) => {
    const { userId, courseId, limit } = c.req.valid('query');
    const uid = userId ?? c.get('caller')!.uid;
    if (!(await canReadUser(c, uid))) return refuseUser(c, uid, "Only administrators and the learner's group directors may read another user's attempts");
    const { catalogue, db } = c.get('deps');
    const rows = await attemptsOf(db.db, uid, courseId, limit);
    const courses = await coursesOf(catalogue, rows, contentLocale(c));
    return c.json(
      rows.map((row) => {
        const course = courses.get(row.courseId);
        const now = course && findCase(course.levels, row.caseId);
        return { ...summaryOf(row, now), courseTitle: course?.title ?? row.courseId, caseTitle: now?.item.title ?? null };
      }),
      200,
    );
  })
  .openapi(guarded(routes.summary, requireUser), async (c) => {
    const { userId, courseId } = c.req.valid('query');
    const uid = userId ?? c.get('caller')!.uid;
    if (!(await canReadUser(c, uid))) return refuseUser(c, uid, "Only administrators and the learner's group directors may read another user's attempts");
    const { catalogue, db } = c.get('deps');
    const rows = await attemptSummaries(db.db, uid, courseId);
    const courses = await coursesOf(catalogue, rows, 'en');
    const placed = rows.map((r) => {
      const now = courses.get(r.courseId) && findCase(courses.get(r.courseId)!.levels, r.caseId);
      return now ? { ...r, level: now.level, case: now.case } : r;
    });
    return c.json(
      placed.sort((a, b) => a.courseId.localeCompare(b.courseId) || a.level - b.level || a.case - b.case),
      200,
    );
  })
  .openapi(guarded(routes.get, requireUser), async (c) => {
    const db = c.get('deps').db.db;
    const row = await findAttempt(db, c.req.valid('param').id);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such attempt');
    if (!(await canReadUser(c, row.userId))) {
      return refuseUser(c, row.userId, "Only administrators and the learner's group directors may read another user's attempts");
    }
    return c.json(resultOf(row, await benchmarkOf(db, row.courseId, row.caseId, row.task)), 200);
  })
  .openapi(routes.benchmarks, async (c) => {
    const { catalogue, db } = c.get('deps');
    const course = (await catalogue.course(c.req.valid('query').courseId))?.value;
    if (!course) return fail(c, 404, ErrorCode.notFound, 'No such course');
    return c.json(await courseBenchmarks(db.db, course), 200);
  });
