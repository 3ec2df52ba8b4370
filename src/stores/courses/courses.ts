import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../../api/client.ts';
import type { CourseStatusLine } from '../../api/course-drafts.ts';
import type { CourseSummary } from '../../api/courses.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { lastAsked } from '../last-asked.ts';
import { idToken } from '../session.ts';

/** The course list: loading until the first answer, then the list or a failure the page can retry. */
export type CoursesState =
  { status: 'loading'; list: CourseSummary[] } | { status: 'loaded'; list: CourseSummary[] } | { status: 'error'; list: CourseSummary[] };

export const $courses = atom<CoursesState>({ status: 'loading', list: [] });

/** Why the last admin change (add, delete) failed, if it did. */
export const $courseAction = atom<{ busy: boolean; error: ErrorKey<'course'> | null }>({ busy: false, error: null });

const ask = lastAsked();

export async function loadCourses(lang: ContentLocale): Promise<void> {
  const latest = ask();
  $courses.set({ status: 'loading', list: $courses.get().list });
  try {
    // In `lang`: the page's language, not the browser's Accept-Language.
    const list = await answer(client.courses.$get({ query: { lang } }));
    if (latest()) $courses.set({ status: 'loaded', list });
  } catch {
    if (latest()) $courses.set({ status: 'error', list: [] });
  }
}

async function adminAction<T>(action: (token: string | null) => Promise<T>): Promise<T | null> {
  $courseAction.set({ busy: true, error: null });
  try {
    const result = await action(await idToken());
    $courseAction.set({ busy: false, error: null });
    return result;
  } catch (err) {
    $courseAction.set({ busy: false, error: errorKey('course', err) });
    return null;
  }
}

/**
 * Creates a draft course with the defaults of a new one (newCourseBody), seen by administrators only until published,
 * and reloads the administrator's lines, so the list shows it whatever comes next; answers its id (null when it
 * failed; the reason is in $courseAction).
 */
export async function createCourse(): Promise<string | null> {
  const id = await adminAction((token) => answer(client.courses.$post({ json: { status: 'draft' } }, auth(token))));
  if (id) await loadCourseLines();
  return id;
}

/** Every course an administrator may edit, drafts included, with whether edits wait for Publish; empty for everyone else. */
export const $courseLines = atom<{ status: 'idle' | 'loaded' | 'error'; lines: CourseStatusLine[] }>({ status: 'idle', lines: [] });

export async function loadCourseLines(): Promise<void> {
  try {
    const lines = await answer(client['course-drafts'].$get(undefined, auth(await idToken())));
    $courseLines.set({ status: 'loaded', lines });
  } catch {
    $courseLines.set({ status: 'error', lines: $courseLines.get().lines });
  }
}

/** Deletes a course, then reloads the list (and the administrator's lines, drafts included). */
export async function deleteCourse(id: string, lang: ContentLocale): Promise<boolean> {
  const done = await adminAction(async (token) => {
    await answer(client.courses[':id'].$delete({ param: { id: enc(id) }, query: {} }, auth(token)));
    return true;
  });
  if (done) await Promise.all([loadCourses(lang), loadCourseLines()]);
  return done === true;
}
