// The live attempt: a surgery clock that stops while paused (surgery-clock.ts, the airway page's too), the model
// changed in place, and the learner's actions stamped with that clock as they happen.
import { liveSimulation, NO_CONTROLS, type Scenario, type ScopeKind, type SimEvent, type SimState } from '../domain/simulator/index.ts';
import { createSurgeryClock, type Phase } from './surgery-clock.ts';

type Untimed<E> = E extends SimEvent ? Omit<E, 't'> : never;
/** An event as the keyboard and the buttons produce it; the session stamps the time. */
export type Action = Untimed<Exclude<SimEvent, { type: 'open' } | { type: 'finish' }>>;

export interface Session {
  readonly phase: Phase;
  readonly state: SimState;
  /** Surgery milliseconds: time spent running since the fetoscopy opened. */
  clock(): number;
  /**
   * Opens the fetoscopy with the scope and through the entry site (an index into the scenario's sites) chosen in
   * the intro; with none chosen, at the trocar the launch drew, as before sites could be chosen.
   */
  open(scope: ScopeKind, site: number | null): void;
  act(action: Action): void;
  /** Advances the model to now; the frame loop calls it. */
  tick(): SimState;
  /** Lets go of every held control (turning, firing), as when a dialog opens. */
  release(): void;
  pause(): void;
  resume(): void;
  finish(): void;
}

export function createSession(scenario: Scenario, now: () => number = () => performance.now()): Session {
  const sim = liveSimulation(scenario);
  const surgery = createSurgeryClock(now);
  const clock = surgery.read;
  const apply = (event: Untimed<SimEvent>) => sim.apply({ ...event, t: clock() } as SimEvent);
  const release = () => {
    const held = sim.state.input;
    if (held.turnX !== 0 || held.turnY !== 0 || held.insert !== 0 || held.roll !== 0) apply({ type: 'input', ...NO_CONTROLS });
    if (sim.state.firing) apply({ type: 'fireStop' });
  };
  return {
    get phase() {
      return surgery.phase;
    },
    get state() {
      return sim.state;
    },
    clock,
    open(scope, site) {
      if (surgery.begin()) apply(site === null ? { type: 'open', scope } : { type: 'open', scope, site });
    },
    act(action) {
      if (surgery.phase === 'running') apply(action);
    },
    tick() {
      if (surgery.phase === 'running') sim.advance(clock());
      return sim.state;
    },
    release() {
      if (surgery.phase === 'running') release();
    },
    pause() {
      if (surgery.phase !== 'running') return;
      release();
      if (sim.state.pendingMark) apply({ type: 'cancelMark' });
      surgery.pause();
    },
    resume: surgery.resume,
    finish() {
      if (surgery.phase !== 'running' && surgery.phase !== 'paused') return;
      apply({ type: 'finish' });
      surgery.finish();
    },
  };
}
