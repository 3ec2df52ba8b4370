import { ErrorCode } from '../../api/errors.ts';
import { newCourseBody } from '../../domain/defaults.ts';
import { identified } from './item-ids.ts';
import { ARCHIVED, createCourse, deleteCourse, updateCourse } from './queries.ts';
import { fail, invalid } from '../http/errors.ts';
import { takeBack } from '../http/round-trip.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { prepared } from '../http/answers.ts';
import { catalogueRequest } from './catalogue-answer.ts';
import { requireAdmin } from '../access/caller.ts';
import { issueForCourse } from '../certificates/index.ts';
import type { Course, CourseSummary } from '../../api/courses.ts';
import * as routes from '../../api/courses.ts';

/** /courses: the public catalogue (served from memory) and the admin's edits. */
export const coursesApp = subApp()
  .openapi(routes.list, async (c) => {
    const answer = await c.get('deps').catalogueAnswer.list.read(undefined, catalogueRequest(c));
    // The query was validated, so the language is one we have and there is an answer.
    return prepared<CourseSummary[]>(answer!);
  })
  .openapi(routes.get, async (c) => {
    const answer = await c.get('deps').catalogueAnswer.course.read(c.req.valid('param').id, catalogueRequest(c));
    if (!answer) return fail(c, 404, ErrorCode.notFound, 'No such course');
    return prepared<Course>(answer);
  })
  .openapi(guarded(routes.create, requireAdmin), async (c) => {
    const input = { ...newCourseBody(), thumbnail: null, ...c.req.valid('json') };
    const body = { ...input, levels: identified(input.levels) };
    const { catalogue, db } = c.get('deps');
    const id = crypto.randomUUID();
    await createCourse(db.db, c.get('caller')!, id, body);
    // A draft changes nothing learners see, so no cache or page is let go.
    if (body.status !== 'draft') catalogue.changed(id);
    return c.json(id, 201);
  })
  .openapi(guarded(routes.update, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const taken = await takeBack(routes.CourseSave, c.req.valid('json'), () => ({ id }));
    if ('issues' in taken) return invalid(c, taken.issues);
    const body = { ...taken.body, levels: identified(taken.body.levels) };
    const { catalogue, db } = c.get('deps');
    const after = await updateCourse(db.db, c.get('caller')!, id, body);
    if (!after) return fail(c, 404, ErrorCode.notFound, 'No such course');
    if (after === 'archived') return fail(c, 409, ErrorCode.conflict, ARCHIVED);
    catalogue.changed(id);
    // A pass mark lowered or a case taken out may complete the course for learners who sent nothing since.
    await issueForCourse(db.db, after);
    return c.json(after, 200);
  })
  .openapi(guarded(routes.remove, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const { catalogue, db } = c.get('deps');
    const deleted = await deleteCourse(db.db, c.get('caller')!, id, c.req.valid('query').status === 'draft');
    if (!deleted) return fail(c, 404, ErrorCode.notFound, 'No such course');
    if (deleted === 'published') return fail(c, 409, ErrorCode.coursePublished, 'This course was published in the meantime: it was not deleted');
    catalogue.changed();
    return c.body(null, 204);
  });
