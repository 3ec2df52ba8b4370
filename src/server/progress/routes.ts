import { ErrorCode } from '../../api/errors.ts';
import { courseStanding } from '../../domain/progress.ts';
import { canReadUser, refuseUser } from '../access/groups.ts';
import { contentLocale } from '../http/content-locale.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireUser } from '../access/caller.ts';
import { attemptFacts, benchmarkFacts } from '../attempts/index.ts';
import { certificateOf } from '../certificates/index.ts';
import { activeCourses, progressLine, progressOf, recordsOf } from './records.ts';
import { userExists } from './queries.ts';
import * as routes from '../../api/progress.ts';

/** /progress: a learner's standing per course, computed here from the stored attempts, with the certificate they hold (issued when an attempt was stored). */
export const progressApp = subApp().openapi(guarded(routes.progress, requireUser), async (c) => {
  const { course: courseId, userId } = c.req.valid('query');
  const { catalogue, db } = c.get('deps');
  const uid = userId ?? c.get('caller')!.uid;
  const locale = contentLocale(c);
  if (!(await canReadUser(c, uid))) return refuseUser(c, uid, "Only administrators and the learner's group directors may read another learner's progress");
  if (!(await userExists(db.db, uid))) return fail(c, 404, ErrorCode.notFound, 'No such user');
  if (courseId === undefined) {
    const lines = (await recordsOf(db.db, [uid], await activeCourses(catalogue), locale)).get(uid) ?? [];
    return c.json(
      lines.map((l) => progressLine(l.course, l.standing, l.facts, l.certificate, locale)),
      200,
    );
  }
  const course = (await catalogue.course(courseId))?.value;
  const shown = (await catalogue.course(courseId, locale))?.value;
  if (!course || !shown) return fail(c, 404, ErrorCode.notFound, 'No such course');
  const facts = (await attemptFacts(db.db, [uid], course.id)).get(uid)?.get(course.id) ?? [];
  const standing = courseStanding(shown, facts, await benchmarkFacts(db.db, course));
  return c.json(progressOf(uid, shown, standing, await certificateOf(db.db, uid, course.id), locale), 200);
});
