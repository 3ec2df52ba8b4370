// One stored attempt opened from a history list: its debrief map and score components, as the server kept them.
import { atom } from 'nanostores';
import type { AttemptResult } from '../../api/attempts.ts';
import { answer, auth, client, enc } from '../../api/client.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { idToken } from '../session.ts';

/** Why an attempt could not be shown: gone (deleted or unknown), the server out of reach, or anything else. */
export type DebriefFailure = ErrorKey<'debrief'>;

export type DebriefView =
  | { status: 'closed' }
  | { status: 'loading'; id: string }
  | { status: 'ready'; id: string; result: AttemptResult }
  | { status: 'error'; id: string; reason: DebriefFailure };

export const $debrief = atom<DebriefView>({ status: 'closed' });

/** Loads one attempt (its owner's or, for an admin, anyone's); an answer for an attempt no longer asked for is dropped. */
export async function openDebrief(id: string): Promise<void> {
  $debrief.set({ status: 'loading', id });
  const current = () => {
    const view = $debrief.get();
    return view.status === 'loading' && view.id === id;
  };
  try {
    const result = await answer(client.attempts[':id'].$get({ param: { id: enc(id) } }, auth(await idToken())));
    if (current()) $debrief.set({ status: 'ready', id, result });
  } catch (err) {
    if (current()) $debrief.set({ status: 'error', id, reason: errorKey('debrief', err) });
  }
}

export function closeDebrief(): void {
  $debrief.set({ status: 'closed' });
}
