// Attempts kept on this device until the server has them: a finished attempt is written here (IndexedDB) before it is
// sent and taken out once stored, so a lost connection, a server down or a closed tab loses nothing. Kept attempts
// are sent again when the connection comes back, after a growing wait, and at once on the next visit of the simulator
// or My learning (src/domain/attempt-delivery.ts has the rule); one refused for good stays, with why, until removed.
import { atom } from 'nanostores';
import type { AttemptResult } from '../../api/attempts.ts';
import { answer, auth, client } from '../../api/client.ts';
import { ApiError, ErrorCode } from '../../api/errors.ts';
import { afterFailure, dueForSending, type KeptState } from '../../domain/attempt-delivery.ts';
import type { FetoEvent } from '../../domain/airway/attempt.ts';
import type { SimEvent } from '../../domain/simulator/index.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { signedInCaller } from '../session.ts';

/** A finished attempt as this device keeps it: what POST /attempts needs, the case for the list, and where its sending stands. */
export interface KeptAttempt extends KeptState {
  /** The launch token: one launch makes one attempt, so it names the attempt here too. */
  token: string;
  /** The learner the launch was for (the token's subject): only their sign-in sends it. */
  learner: string;
  course: string;
  level: number;
  caseIndex: number;
  /** The log of a laser case or of a tracheal occlusion (the launch says which; the server replays it on that). */
  events: SimEvent[] | FetoEvent[];
  /** This device's clock when the fetoscopy opened and when the learner finished (ms since the epoch). */
  startedAt: number;
  finishedAt: number;
  /** Why the server refused it for good; null while it may still be sent. */
  reason: ErrorKey<'attempt'> | null;
}

/** How a try to send ended: stored (or stored before), kept for a later try, waiting for the learner's sign-in, or refused for good. */
export type SendOutcome =
  | { status: 'sent'; result: AttemptResult }
  | { status: 'kept'; inMs: number; capped: boolean }
  | { status: 'signIn'; reason: 'signedOut' | 'otherUser' }
  | { status: 'refused'; reason: ErrorKey<'attempt'> };

const DATABASE = 'fsa-kept-attempts';
const STORE = 'attempts';
let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'token' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB refused'));
  }).catch((err: unknown) => {
    opened = null;
    throw err;
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = request(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** Keeps (or updates) an attempt on this device; rejects when the browser will not store it (storage blocked or full). */
export const keepAttempt = (attempt: KeptAttempt): Promise<unknown> => run('readwrite', (s) => s.put(attempt));
const keptAttempts = (): Promise<KeptAttempt[]> => run('readonly', (s) => s.getAll() as IDBRequest<KeptAttempt[]>);
const forget = (token: string): Promise<unknown> => run('readwrite', (s) => s.delete(token));
/** An update that may fail: the attempt itself is already kept, or still on the page. */
const note = (attempt: KeptAttempt) => keepAttempt(attempt).catch(() => undefined);

/** Sends one kept attempt as its learner, signed in, and records how it went on this device. */
export async function sendKept(attempt: KeptAttempt): Promise<SendOutcome> {
  try {
    const caller = await signedInCaller();
    if (!caller) return { status: 'signIn', reason: 'signedOut' };
    if (caller.uid !== attempt.learner) return { status: 'signIn', reason: 'otherUser' };
    // How long ago it started, on this device's clock: a difference, right even where the clock is set wrong.
    const startedAgoMs = Math.max(0, Math.round(Date.now() - attempt.startedAt));
    const result = await answer(client.attempts.$post({ json: { token: attempt.token, events: attempt.events, startedAgoMs } }, auth(caller.token)));
    await forget(attempt.token).catch(() => undefined);
    return { status: 'sent', result };
  } catch (err) {
    // Anything but an answer of the server (Firebase offline, a script that did not load) is the network.
    const failure = err instanceof ApiError ? { status: err.status, code: err.code } : { status: 0, code: 'network' };
    const tries = attempt.tries + 1;
    const next = afterFailure(failure, tries);
    if (next.next === 'signIn') return { status: 'signIn', reason: 'signedOut' };
    if (next.next === 'retry') {
      await note({ ...attempt, tries, nextTryAt: Date.now() + next.inMs });
      return { status: 'kept', inMs: next.inMs, capped: failure.code === ErrorCode.attemptDailyCap };
    }
    const reason = errorKey('attempt', err);
    await note({ ...attempt, tries, refused: true, reason });
    return { status: 'refused', reason };
  }
}

/** One kept attempt as My learning lists it, and how its sending stands now. */
export interface KeptLine {
  token: string;
  course: string;
  level: number;
  caseIndex: number;
  finishedAt: number;
  state: 'sending' | 'kept' | 'sent' | 'refused';
  reason: ErrorKey<'attempt'> | null;
  score: number | null;
}

/** The signed-in learner's attempts on this device, with the ones sent during this visit (null until read). */
export const $kept = atom<KeptLine[] | null>(null);

const lineOf = (a: KeptAttempt, state: KeptLine['state']): KeptLine => ({
  token: a.token,
  course: a.course,
  level: a.level,
  caseIndex: a.caseIndex,
  finishedAt: a.finishedAt,
  state,
  reason: a.reason,
  score: null,
});
const setLine = (token: string, change: Partial<KeptLine>) => $kept.set(($kept.get() ?? []).map((l) => (l.token === token ? { ...l, ...change } : l)));

/** Attempts this page sends itself (the simulator's own, just finished): the sweep leaves them to it. */
const inHand = new Set<string>();
export const sendingHere = (token: string) => inHand.add(token);

let sweeping: Promise<void> | null = null;
/** A visit or the connection's return during a sweep: one more sweep, at once, once it ends. */
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends the signed-in learner's kept attempts that are due (every one on a visit or when the connection returns), one
 * at a time and in one tab at a time, then sets a timer for the next one due.
 */
export function sendKeptAttempts(visit: boolean): Promise<void> {
  if (sweeping) {
    again ||= visit;
    return sweeping;
  }
  sweeping = (async () => {
    const withLock = navigator.locks
      ? (f: () => Promise<void>) => navigator.locks.request(DATABASE, { ifAvailable: true }, (lock) => (lock ? f() : undefined))
      : (f: () => Promise<void>) => f();
    await withLock(async () => {
      const kept = await keptAttempts();
      // Sign-in is read only when there is something to send: the simulator's first frame does not wait for Firebase.
      const caller = kept.length > 0 ? await signedInCaller().catch(() => null) : null;
      const mine = kept.filter((a) => a.learner === caller?.uid).sort((a, b) => a.finishedAt - b.finishedAt);
      const shown = new Map(($kept.get() ?? []).filter((l) => l.state === 'sent').map((l) => [l.token, l]));
      $kept.set([...shown.values(), ...mine.filter((a) => !shown.has(a.token)).map((a) => lineOf(a, a.refused ? 'refused' : 'kept'))]);
      for (const attempt of mine) {
        if (inHand.has(attempt.token) || !dueForSending(attempt, Date.now(), visit)) continue;
        setLine(attempt.token, { state: 'sending' });
        const outcome = await sendKept(attempt);
        if (outcome.status === 'sent') setLine(attempt.token, { state: 'sent', score: outcome.result.score });
        else if (outcome.status === 'refused') setLine(attempt.token, { state: 'refused', reason: outcome.reason });
        else setLine(attempt.token, { state: 'kept' });
        if (outcome.status === 'kept' && !navigator.onLine) break;
      }
      // The next try of those waiting out a failure; the others wait for a visit, the connection or the learner's sign-in.
      const later = (await keptAttempts()).filter((a) => a.learner === caller?.uid && !a.refused && !inHand.has(a.token) && a.nextTryAt > Date.now());
      clearTimeout(timer);
      if (later.length > 0) timer = setTimeout(() => void sendKeptAttempts(false), Math.min(...later.map((a) => a.nextTryAt)) - Date.now());
    }).catch(() => undefined);
    sweeping = null;
    if (again) {
      again = false;
      await sendKeptAttempts(true);
    }
  })();
  return sweeping;
}

let watching = false;
/** On a page that sends kept attempts (the simulator, My learning): at once, and again whenever the connection returns. */
export function watchKeptAttempts(): void {
  if (watching || typeof indexedDB === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => void sendKeptAttempts(true));
  void sendKeptAttempts(true);
}

/** The learner's "Try again" on an attempt the server refused: sent once more, now. */
export async function retryKept(token: string): Promise<void> {
  const attempt = (await keptAttempts()).find((a) => a.token === token);
  if (!attempt) return;
  setLine(token, { state: 'sending' });
  const outcome = await sendKept({ ...attempt, refused: false, reason: null });
  if (outcome.status === 'sent') setLine(token, { state: 'sent', score: outcome.result.score });
  else if (outcome.status === 'refused') setLine(token, { state: 'refused', reason: outcome.reason });
  else setLine(token, { state: 'kept', reason: null });
}

/** The learner's "Remove from this device" on an attempt the server refused for good. */
export async function removeKept(token: string): Promise<void> {
  await forget(token);
  $kept.set(($kept.get() ?? []).filter((l) => l.token !== token));
}
