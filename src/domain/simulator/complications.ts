// Complications as cases: what an editor may set on a selective or Solomon case (params.ts), what each puts into
// the operation, and whether the learner did what it asks. An entry bleed fills the fluid with blood at the start:
// the learner exchanges it (or waits for it to clear) before firing, for a laser fired through blood is fired
// blind. A chorioamniotic separation floats a loose sheet of amnion over the plate (intruders.ts): the learner
// works round it and never fires through it (a septostomy). A moving donor swims across the equator: the learner
// holds the pedal until it has gone by and never fires at it.

export const COMPLICATIONS = ['entry-bleed', 'separation', 'moving-donor'] as const;
export type Complication = (typeof COMPLICATIONS)[number];

export const COMPLICATION = {
  /** An entry bleed: the blood in the fluid at 'open' (turbidity.ts, 0-1), drawn from this range by the launch's seed. */
  entryBleed: [0.7, 0.9],
  /** Firing while the fluid is more turbid than this is firing blind: what an entry bleed asks the learner not to do. */
  blindAbove: 0.5,
} as const;

/** What the case's complication puts in the cavity's fluid at 'open', on top of any other entry bleed. */
export function complicationBleed(complication: Complication | undefined, seed: number): number {
  if (complication !== 'entry-bleed') return 0;
  const u = (((seed >>> 0) * 2246822519) >>> 0) / 2 ** 32;
  const [low, high] = COMPLICATION.entryBleed;
  return Math.round((low + (high - low) * u) * 100) / 100;
}

/** What of a simulation's state says whether its complication was managed (state.ts's SimState has it). */
interface Handling {
  scenario: { params: { complication?: Complication } };
  energy: { blind: number };
  strikes: { amnion: number; donor: number };
}

/** Whether the learner did what the case's complication asks; null for a case without one. */
export function complicationManaged(s: Handling): boolean | null {
  switch (s.scenario.params.complication) {
    case undefined:
      return null;
    case 'entry-bleed':
      return s.energy.blind === 0;
    case 'separation':
      return s.strikes.amnion === 0;
    case 'moving-donor':
      return s.strikes.donor === 0;
  }
}

/** The things a complication adds to what drifts over the plate (intruders.ts draws them). */
export function complicationIntruders(complication: Complication | undefined): Array<'amnion' | 'donor'> {
  if (complication === 'separation') return ['amnion'];
  if (complication === 'moving-donor') return ['donor'];
  return [];
}
