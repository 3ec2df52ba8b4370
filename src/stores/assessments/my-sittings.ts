// The sittings of one course that admit the signed-in learner, scheduled or open, as the course page shows them.
import { atom } from 'nanostores';
import { answer, auth, client } from '../../api/client.ts';
import type { MySitting } from '../../api/assessments.ts';
import { idToken } from '../session.ts';

export const $mySittings = atom<MySitting[]>([]);

/** Reads them; none are shown when they cannot be read, as a course page says nothing of sittings it cannot see. */
export async function loadMySittings(courseId: string): Promise<void> {
  try {
    $mySittings.set(await answer(client.assessments.mine.$get({ query: { course: courseId } }, auth(await idToken()))));
  } catch {
    $mySittings.set([]);
  }
}
