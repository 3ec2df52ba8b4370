// The live FETO attempt: the laser page's surgery clock (stopped while paused), the learner's actions stamped with
// it, and the airway model replayed to the clock for each frame (the same replay the server keeps as the score of record).
import { replayFeto, type FetoEvent, type FetoOutcome, type FetoTask } from '../../domain/airway/attempt.ts';
import type { Airway } from '../../domain/airway/model.ts';
import { createSurgeryClock, type Phase } from '../surgery-clock.ts';

type Untimed<E> = E extends FetoEvent ? Omit<E, 't'> : never;
/** An action as the devices and buttons produce it; the session stamps the time. */
type FetoAction = Untimed<Exclude<FetoEvent, { type: 'finish' }>>;

export interface FetoSession {
  readonly phase: Phase;
  /** The replay at the last tick. */
  readonly state: FetoOutcome;
  /** Every event so far, in time order: what is sent as the attempt. */
  readonly log: readonly FetoEvent[];
  /** Surgery milliseconds: time spent running since the attempt began. */
  clock(): number;
  begin(): void;
  act(action: FetoAction): void;
  /** Replays the log to now; the frame loop calls it. */
  tick(): FetoOutcome;
  pause(): void;
  resume(): void;
  finish(): void;
}

export function createFetoSession(airway: Airway, task: FetoTask, now: () => number = () => performance.now()): FetoSession {
  const log: FetoEvent[] = [];
  const surgery = createSurgeryClock(now);
  const clock = surgery.read;
  let state = replayFeto(airway, task, log);
  const push = (event: FetoEvent) => {
    log.push(event);
    state = replayFeto(airway, task, log, event.t);
  };
  const release = () => {
    const held = state.controls;
    if (held.turnX !== 0 || held.turnY !== 0 || held.insert !== 0) push({ t: clock(), type: 'input', turnX: 0, turnY: 0, insert: 0 });
  };
  return {
    get phase() {
      return surgery.phase;
    },
    get state() {
      return state;
    },
    log,
    clock,
    begin() {
      surgery.begin();
    },
    act(action) {
      if (surgery.phase === 'running') push({ ...action, t: clock() } as FetoEvent);
    },
    tick() {
      if (surgery.phase === 'running') state = replayFeto(airway, task, log, clock());
      return state;
    },
    pause() {
      if (surgery.phase !== 'running') return;
      release();
      surgery.pause();
    },
    resume: surgery.resume,
    finish() {
      if (surgery.phase !== 'running' && surgery.phase !== 'paused') return;
      push({ t: clock(), type: 'finish' });
      surgery.finish();
    },
  };
}
