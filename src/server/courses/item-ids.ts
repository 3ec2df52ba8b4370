import { newItemId, withIds } from '../../domain/course-items.ts';
import type { CourseInput, StoredCourseInput } from '../../api/courses.ts';

/** A course's modules and cases as written: those sent without an id (new ones) get one, the others keep theirs. */
export const identified = (levels: CourseInput['levels']): StoredCourseInput['levels'] => withIds(levels, newItemId);
