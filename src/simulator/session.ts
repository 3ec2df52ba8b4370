// The live attempt: a clock that stops while paused, the model's state, and the learner's actions stamped with it.
import { advance, applyEvent, createSimulation, type Placenta, type SimEvent, type SimState } from '../domain/simulator/index.ts';

export type Phase = 'intro' | 'running' | 'paused' | 'finished';

/** An event as the keyboard produces it; the session stamps the time. */
export type Action = { type: 'move'; dx: number; dy: number } | { type: Exclude<SimEvent['type'], 'move' | 'open' | 'finish'> };

export interface Session {
  readonly phase: Phase;
  readonly state: SimState;
  /** Simulation milliseconds: wall time spent running since the fetoscopy opened. */
  clock(): number;
  open(): void;
  act(action: Action): void;
  /** Advances the model to now; the frame loop calls it. */
  tick(): SimState;
  pause(): void;
  resume(): void;
  finish(): void;
}

export function createSession(placenta: Placenta, now: () => number = () => performance.now()): Session {
  let state = createSimulation(placenta);
  let phase: Phase = 'intro';
  let elapsed = 0;
  let resumedAt: number | null = null;
  const clock = () => elapsed + (resumedAt === null ? 0 : now() - resumedAt);
  const apply = (event: SimEvent) => {
    state = applyEvent(state, event);
  };
  /** Lets go of every held key, so nothing moves or burns while the clock is stopped. */
  const release = () => {
    if (state.input.x !== 0 || state.input.y !== 0) apply({ t: clock(), type: 'move', dx: 0, dy: 0 });
    if (state.firing) apply({ t: clock(), type: 'fireStop' });
  };
  return {
    get phase() {
      return phase;
    },
    get state() {
      return state;
    },
    clock,
    open() {
      if (phase !== 'intro') return;
      resumedAt = now();
      phase = 'running';
      apply({ t: clock(), type: 'open' });
    },
    act(action) {
      if (phase !== 'running') return;
      apply({ ...action, t: clock() } as SimEvent);
    },
    tick() {
      if (phase === 'running') state = advance(state, clock());
      return state;
    },
    pause() {
      if (phase !== 'running') return;
      release();
      elapsed = clock();
      resumedAt = null;
      phase = 'paused';
    },
    resume() {
      if (phase !== 'paused') return;
      resumedAt = now();
      phase = 'running';
    },
    finish() {
      if (phase !== 'running' && phase !== 'paused') return;
      if (phase === 'paused') resumedAt = now();
      phase = 'running';
      apply({ t: clock(), type: 'finish' });
      elapsed = clock();
      resumedAt = null;
      phase = 'finished';
    },
  };
}
