import { randomBytes } from 'node:crypto';
import { withIds } from '../../domain/course-items.ts';
import type { CourseInput, StoredCourseInput } from '../../api/courses.ts';

/** Eight URL-safe random characters: a new module's or case's id. */
const newItemId = () => randomBytes(6).toString('base64url');

/** A course's modules and cases as written: those sent without an id (new ones) get one, the others keep theirs. */
export const identified = (levels: CourseInput['levels']): StoredCourseInput['levels'] => withIds(levels, newItemId);
