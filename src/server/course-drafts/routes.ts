import { ErrorCode } from '../../api/errors.ts';
import { requireAdmin } from '../access/caller.ts';
import { fail, invalid } from '../http/errors.ts';
import { takeBack } from '../http/round-trip.ts';
import { CourseSave } from '../../api/courses.ts';
import { contentLocale } from '../http/content-locale.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { ARCHIVED, identified } from '../courses/index.ts';
import { courseImpact, discardDraft, draftLines, publishDraft, readDraft, saveDraft } from './queries.ts';
import { signPreviewToken } from './preview-token.ts';
import { issueForCourse } from '../certificates/index.ts';
import * as routes from '../../api/course-drafts.ts';

const NO_COURSE = 'No such course';

/**
 * Course drafts, for administrators only: saving one changes nothing learners see (no cache or page is let go);
 * Publish does, at once, on every instance.
 */
export const courseDraftsApp = subApp()
  .openapi(guarded(routes.list, requireAdmin), async (c) => c.json(await draftLines(c.get('deps').db.db), 200))
  .openapi(guarded(routes.read, requireAdmin), async (c) => {
    const found = await readDraft(c.get('deps').db.db, c.req.valid('param').id);
    return found ? c.json(found, 200) : fail(c, 404, ErrorCode.notFound, NO_COURSE);
  })
  .openapi(guarded(routes.save, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const taken = await takeBack(CourseSave, c.req.valid('json'), () => ({ id }));
    if ('issues' in taken) return invalid(c, taken.issues);
    const saved = await saveDraft(c.get('deps').db.db, c.get('caller')!, id, { ...taken.body, levels: identified(taken.body.levels) });
    if (saved === 'archived') return fail(c, 409, ErrorCode.conflict, ARCHIVED);
    return saved ? c.json(saved, 200) : fail(c, 404, ErrorCode.notFound, NO_COURSE);
  })
  .openapi(guarded(routes.discard, requireAdmin), async (c) => {
    const left = await discardDraft(c.get('deps').db.db, c.get('caller')!, c.req.valid('param').id);
    if (left === null) return fail(c, 404, ErrorCode.notFound, NO_COURSE);
    if (left === 'never')
      return fail(c, 409, ErrorCode.conflict, 'This course was never published: there is no published version to return to (delete the course instead)');
    return c.json(left, 200);
  })
  .openapi(guarded(routes.publish, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const { catalogue, db } = c.get('deps');
    const done = await publishDraft(db.db, c.get('caller')!, id);
    if (done === null) return fail(c, 404, ErrorCode.notFound, NO_COURSE);
    if (done === 'nothing') return fail(c, 409, ErrorCode.conflict, 'This course has no unpublished changes');
    // A first publication adds the course to the plans' pages and every list: everything is read again.
    catalogue.changed(done.was === 'published' ? id : null);
    // A pass mark lowered or a case taken out may complete the course for learners who sent nothing since.
    await issueForCourse(db.db, done.draft.course);
    return c.json(done.draft, 200);
  })
  .openapi(guarded(routes.preview, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const { config, db } = c.get('deps');
    if (!(await readDraft(db.db, id))) return fail(c, 404, ErrorCode.notFound, NO_COURSE);
    return c.json(await signPreviewToken(config.launchSecret, { uid: c.get('caller')!.uid, course: id }), 200);
  })
  .openapi(guarded(routes.impact, requireAdmin), async (c) => {
    const found = await courseImpact(c.get('deps').db.db, c.req.valid('param').id, contentLocale(c));
    return found ? c.json(found, 200) : fail(c, 404, ErrorCode.notFound, NO_COURSE);
  });
