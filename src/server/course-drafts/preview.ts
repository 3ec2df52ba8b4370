import type { Course } from '../../api/courses.ts';
import type { CourseStatus } from '../../domain/defaults.ts';
import { localizeCourse, type ContentLocale } from '../../domain/localize.ts';
import type { Db } from '../db/client.ts';
import { verifyPreviewToken } from './preview-token.ts';
import { isAdministrator, readDraft } from './queries.ts';

/** What the course page shows in a preview: the version the editor holds (the draft, else the published course). */
export interface CoursePreview {
  course: Course;
  status: CourseStatus;
  /** Saved edits wait for Publish: the preview shows them, learners do not see them yet. */
  pending: boolean;
}

/**
 * The course `id` as its preview shows it in `locale`, when `token` is a valid preview token for that course whose
 * administrator still is one (a demotion ends every preview at once); null for anything else, which the page answers 404.
 */
export async function coursePreview(db: Db, secret: string, id: string, token: string, locale: ContentLocale): Promise<CoursePreview | null> {
  const claims = await verifyPreviewToken(secret, token);
  if (claims?.course !== id) return null;
  if (!(await isAdministrator(db, claims.uid))) return null;
  const found = await readDraft(db, id);
  return found && { course: localizeCourse(found.course, locale), status: found.status, pending: found.pending };
}
