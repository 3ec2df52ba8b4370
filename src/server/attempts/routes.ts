import { ErrorCode } from '../../api/errors.ts';
import { findCase } from '../../domain/course-items.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import type { Catalogue } from '../courses/index.ts';
import { resultOf, summaryOf } from './attempt-rows.ts';
import { benchmarkOf, courseBenchmarks } from './benchmarks.ts';
import { attemptsOf, attemptSummaries, findAttempt } from './queries.ts';
import { foreignLog, launchedCourse, launchOf, replayed, sentOf, stored, untimely } from './submit.ts';
import { canReadUser, refuseUser } from '../access/groups.ts';
import { contentLocale } from '../http/content-locale.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireUser } from '../access/caller.ts';
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
    const now = new Date();
    const sent = sentOf(token, events, startedAgoMs);
    const claims = await launchOf(c, sent, now);
    if (claims instanceof Response) return claims;
    const foreign = foreignLog(c, claims, sent);
    if (foreign) return foreign;
    const course = await launchedCourse(c, claims, now);
    if (course instanceof Response) return course;
    const late = untimely(c, claims, sent, now);
    if (late) return late;
    const outcome = await replayed(c, claims, sent);
    if (outcome instanceof Response) return outcome;
    return stored(c, claims, course, sent, outcome, now);
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
