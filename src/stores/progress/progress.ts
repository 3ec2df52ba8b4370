// The learner's learning record as the islands show it: one course's standing and every course's line.
import { atom } from 'nanostores';
import { answer, auth, client } from '../../api/client.ts';
import type { Course } from '../../api/courses.ts';
import type { CourseProgress, CourseProgressLine } from '../../api/progress.ts';
import { courseStanding, type BenchmarkFact } from '../../domain/progress.ts';
import type { Loadable } from '../loadable.ts';
import { pageLanguage } from '../page-language.ts';
import { idToken } from '../session.ts';

export const $courseProgress = atom<Loadable<CourseProgress>>({ status: 'idle', value: null });
export const $progressLines = atom<Loadable<CourseProgressLine[]>>({ status: 'idle', value: null });

/** A learner's standing in one course, titles in the page's language: GET /progress answers it when asked with a course, a line per course without. */
export async function courseProgress(course: string, token: string | null, userId?: string): Promise<CourseProgress> {
  return (await answer(client.progress.$get({ query: { course, userId, lang: pageLanguage() } }, auth(token)))) as CourseProgress;
}

/** The signed-in learner's standing in a course (the server issues the certificate when the course is complete). */
export async function loadCourseProgress(courseId: string): Promise<void> {
  $courseProgress.set({ status: 'loading', value: $courseProgress.get().value });
  try {
    $courseProgress.set({ status: 'loaded', value: await courseProgress(courseId, await idToken()) });
  } catch {
    $courseProgress.set({ status: 'error', value: null });
  }
}

/** The channel a simulator tab tells the site's other tabs on that it stored an attempt, naming the course. */
const ATTEMPTS_CHANNEL = 'fsa-attempts';

/** Tells the course page open in another tab that an attempt in `courseId` was stored. */
export function announceAttempt(courseId: string): void {
  const channel = new BroadcastChannel(ATTEMPTS_CHANNEL);
  channel.postMessage({ courseId });
  channel.close();
}

/** Calls `then` whenever another tab stores an attempt in `courseId`; returns the function that stops listening. */
export function onAttemptStored(courseId: string, then: () => void): () => void {
  const channel = new BroadcastChannel(ATTEMPTS_CHANNEL);
  channel.onmessage = (e: MessageEvent<unknown>) => {
    if ((e.data as { courseId?: unknown } | null)?.courseId === courseId) then();
  };
  return () => channel.close();
}

/** One line per course for the signed-in learner. */
export async function loadProgressLines(): Promise<void> {
  if ($progressLines.get().status === 'loading') return;
  $progressLines.set({ status: 'loading', value: $progressLines.get().value });
  try {
    const lines = (await answer(client.progress.$get({ query: { lang: pageLanguage() } }, auth(await idToken())))) as CourseProgressLine[];
    $progressLines.set({ status: 'loaded', value: lines });
  } catch {
    $progressLines.set({ status: 'error', value: null });
  }
}

/** A course's outline before any attempt, in the contract's shape: what a visitor, or a new learner, sees. */
export function emptyProgress(course: Course, benchmarks: BenchmarkFact[]): CourseProgress {
  const standing = courseStanding(course, [], benchmarks);
  return {
    courseId: course.id,
    userId: '',
    ...standing,
    completedAt: null,
    modules: standing.modules.map((m) => ({ ...m, cases: m.cases.map((c) => ({ ...c, passedAt: null })) })),
    certificate: null,
  };
}
