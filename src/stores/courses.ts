import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../api/client.ts';
import type { CourseSummary } from '../api/courses.ts';
import type { ContentLocale } from '../domain/localize.ts';
import { errorKey, type ErrorKey } from './error-messages.ts';
import { idToken } from './session.ts';

/** The course list: loading until the first answer, then the list or a failure the page can retry. */
export type CoursesState =
  { status: 'loading'; list: CourseSummary[] } | { status: 'loaded'; list: CourseSummary[] } | { status: 'error'; list: CourseSummary[] };

export const $courses = atom<CoursesState>({ status: 'loading', list: [] });

/** Why the last admin change (add, delete) failed, if it did. */
export const $courseAction = atom<{ busy: boolean; error: ErrorKey<'course'> | null }>({ busy: false, error: null });

let request = 0;

export async function loadCourses(lang: ContentLocale): Promise<void> {
  const mine = ++request;
  $courses.set({ status: 'loading', list: $courses.get().list });
  try {
    // In `lang`: the page's language, not the browser's Accept-Language.
    const list = await answer(client.courses.$get({ query: { lang } }));
    if (mine === request) $courses.set({ status: 'loaded', list });
  } catch {
    if (mine === request) $courses.set({ status: 'error', list: [] });
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

/** Creates a course with the defaults of a new one (newCourseBody) and answers its id (null when it failed; the reason is in $courseAction). */
export function createCourse(): Promise<string | null> {
  return adminAction((token) => answer(client.courses.$post({ json: {} }, auth(token))));
}

/** Deletes a course, then reloads the list. */
export async function deleteCourse(id: string, lang: ContentLocale): Promise<boolean> {
  const done = await adminAction(async (token) => {
    await answer(client.courses[':id'].$delete({ param: { id: enc(id) } }, auth(token)));
    return true;
  });
  if (done) await loadCourses(lang);
  return done === true;
}
