import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { courseErrorKey, fill } from '../../src/stores/course-errors.ts';

describe('courseErrorKey', () => {
  it.each([
    [0, 'course.error.network'],
    [400, 'course.error.invalid'],
    [401, 'course.error.unauthorized'],
    [403, 'course.error.forbidden'],
    [404, 'course.error.notFound'],
    [500, 'course.error.generic'],
  ])('maps status %i to %s', (status, key) => expect(courseErrorKey(new ApiError(status, 'x', 'x'))).toBe(key));
  it('maps anything else to the generic message', () => expect(courseErrorKey(new Error('boom'))).toBe('course.error.generic'));
});

describe('fill', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(fill('Delete case {c} of module {n} {x}', { n: 2, c: 3 })).toBe('Delete case 3 of module 2 {x}');
  });
});
