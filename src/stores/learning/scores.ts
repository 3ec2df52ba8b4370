// A learner's scores over time per course, read when My learning's chart for that course is opened.
import { map } from 'nanostores';
import { answer, auth, client } from '../../api/client.ts';
import type { Scores } from '../../api/learning.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import type { Loadable } from '../loadable.ts';
import { idToken } from '../session.ts';

/** Each course's scores by course id, once asked for. */
export const $scores = map<Record<string, Loadable<Scores>>>({});

/** Reads the learner's scores in one course, in the page's language. */
export async function loadScores(courseId: string, lang: ContentLocale): Promise<void> {
  $scores.setKey(courseId, { status: 'loading', value: $scores.get()[courseId]?.value ?? null });
  try {
    const value = await answer(client.learning.scores.$get({ query: { course: courseId, lang } }, auth(await idToken())));
    $scores.setKey(courseId, { status: 'loaded', value });
  } catch {
    $scores.setKey(courseId, { status: 'error', value: null });
  }
}
