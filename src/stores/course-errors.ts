import { ApiError } from '../api/errors.ts';

/** Translation keys for why a course change failed, shared by the list and the editor. */
export const COURSE_ERROR_KEYS = [
  'course.error.invalid',
  'course.error.unauthorized',
  'course.error.forbidden',
  'course.error.notFound',
  'course.error.network',
  'course.error.generic',
] as const;

export type CourseErrorKey = (typeof COURSE_ERROR_KEYS)[number];

/** The message to show for a failed /api call about courses. */
export function courseErrorKey(err: unknown): CourseErrorKey {
  if (!(err instanceof ApiError)) return 'course.error.generic';
  if (err.status === 0) return 'course.error.network';
  if (err.status === 400) return 'course.error.invalid';
  if (err.status === 401) return 'course.error.unauthorized';
  if (err.status === 403) return 'course.error.forbidden';
  if (err.status === 404) return 'course.error.notFound';
  return 'course.error.generic';
}
