import { ErrorCode } from '../../api/errors.ts';
import { coursesOnSale } from '../../domain/learning.ts';
import { scoreHistory } from '../../domain/score-history.ts';
import { requireUser } from '../access/caller.ts';
import { contentLocale } from '../http/content-locale.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { attemptFacts, benchmarkFacts } from '../attempts/index.ts';
import { activeCourses, recordsOf } from '../progress/index.ts';
import { learningLine } from './lines.ts';
import { learnerOf } from './queries.ts';
import * as routes from '../../api/learning.ts';

/** /learning: the caller's own courses with access, progress and where to continue, and what they could buy next; their scores over time. */
export const learningApp = subApp()
  .openapi(guarded(routes.learning, requireUser), async (c) => {
    const locale = contentLocale(c);
    const { catalogue, db } = c.get('deps');
    const uid = c.get('caller')!.uid;
    const learner = await learnerOf(db.db, uid);
    if (!learner) return fail(c, 404, ErrorCode.notFound, 'No such user');
    const now = new Date();
    const [plans, shown, playable] = await Promise.all([catalogue.allPlans(), catalogue.summaries(locale), activeCourses(catalogue)]);
    const records = new Map(((await recordsOf(db.db, [uid], playable, locale)).get(uid) ?? []).map((r) => [r.course.id, r]));
    const courses = shown.value.flatMap((summary) => learningLine(summary, learner, plans, records.get(summary.id), locale, now));
    const held = new Set(courses.map((h) => h.courseId));
    const offered = coursesOnSale(
      shown.value.map((s) => s.id),
      plans.filter((p) => p.visibility),
      held,
    );
    const offers = offered.map((id) => ({ courseId: id, title: shown.value.find((s) => s.id === id)!.title }));
    return c.json({ courses: [...courses.filter((h) => h.held), ...courses.filter((h) => !h.held)], offers }, 200);
  })
  .openapi(guarded(routes.scores, requireUser), async (c) => {
    const { course: courseId } = c.req.valid('query');
    const { catalogue, db } = c.get('deps');
    const uid = c.get('caller')!.uid;
    const course = (await catalogue.course(courseId))?.value;
    const shown = (await catalogue.course(courseId, contentLocale(c)))?.value;
    if (!course || !shown) return fail(c, 404, ErrorCode.notFound, 'No such course');
    const facts = (await attemptFacts(db.db, [uid], course.id)).get(uid)?.get(course.id) ?? [];
    const cases = scoreHistory(shown, facts, await benchmarkFacts(db.db, course)).map((h) => ({
      ...h,
      points: h.points.map((p) => ({ ...p, at: p.at.toISOString() })),
    }));
    return c.json({ courseId: course.id, title: shown.title, cases }, 200);
  });
