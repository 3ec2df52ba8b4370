// The surgery clock both simulator pages keep (the laser's and the airway's): it runs from the start of the surgery,
// stops while paused and at the finish, and stamps the learner's actions.

export type Phase = 'intro' | 'running' | 'paused' | 'finished';

export interface SurgeryClock {
  readonly phase: Phase;
  /** Surgery milliseconds: time spent running since the surgery began. */
  read(): number;
  /** From the intro to running; false when the surgery had already begun. */
  begin(): boolean;
  /** Stops the clock (running to paused); false when it was not running. */
  pause(): boolean;
  resume(): void;
  /** Stops the clock for good; false when the surgery was not running or paused. */
  finish(): boolean;
}

export function createSurgeryClock(now: () => number): SurgeryClock {
  let phase: Phase = 'intro';
  let elapsed = 0;
  let resumedAt: number | null = null;
  const read = () => elapsed + (resumedAt === null ? 0 : now() - resumedAt);
  const stop = (next: Phase) => {
    elapsed = read();
    resumedAt = null;
    phase = next;
  };
  const run = () => {
    resumedAt = now();
    phase = 'running';
  };
  return {
    get phase() {
      return phase;
    },
    read,
    begin() {
      if (phase !== 'intro') return false;
      run();
      return true;
    },
    pause() {
      if (phase !== 'running') return false;
      stop('paused');
      return true;
    },
    resume() {
      if (phase === 'paused') run();
    },
    finish() {
      if (phase !== 'running' && phase !== 'paused') return false;
      stop('finished');
      return true;
    },
  };
}
