import { describe, expect, it } from 'vitest';
import {
  buildScenario,
  COMPLICATION,
  computeMetrics,
  defaultCaseParams,
  entryBleed,
  intruderAt,
  normalizeCaseParams,
  obstruction,
  prognosisOf,
  replay,
  scoreAttempt,
  seedFor,
  TURBIDITY,
  turbidityAt,
  type CaseParams,
  type Intruder,
  type LiveSimulation,
} from '../../../src/domain/simulator/index.ts';
import { FETOSCOPY_SIM } from '../../../src/domain/simulator/seeded.ts';
import { fire, openCase, steer } from './pilot.ts';

const SELECTIVE = defaultCaseParams(2, 1);
const paramsOf = (raw: object) => normalizeCaseParams({ ...SELECTIVE, ...raw }, SELECTIVE);
const scenarioOf = (overrides: Partial<CaseParams>, variant = 3) => buildScenario(paramsOf(overrides), seedFor('test-course', 2, 1, variant));

/** Steers the aim under where the intruder will be a moment later, until it lies across the beam. */
function underneath(sim: LiveSimulation, kind: Intruder['kind'], distanceMm = 10): void {
  const intruder = sim.state.scenario.intruders.find((i) => i.kind === kind)!;
  for (let tries = 0; tries < 8 && obstruction(sim.state)?.kind !== kind; tries += 1) {
    const at = intruderAt(intruder, sim.state.t + 1500).centre;
    steer(sim, { x: at.x, y: at.y }, distanceMm, 1);
  }
  expect(obstruction(sim.state)?.kind).toBe(kind);
}

const gateOf = (sim: LiveSimulation) => {
  sim.apply({ t: sim.state.t, type: 'finish' });
  const metrics = computeMetrics(sim.state);
  // The server's replay of the log finds the same.
  expect(computeMetrics(replay(sim.state.scenario, sim.state.log))).toEqual(metrics);
  return { metrics, result: scoreAttempt(metrics) };
};

describe('complications as cases', () => {
  it('are kept on a selective or Solomon case, dropped from a navigation drill, and unknown ones dropped', () => {
    expect(paramsOf({ complication: 'separation' }).complication).toBe('separation');
    expect(paramsOf({ task: 'solomon', complication: 'moving-donor' }).complication).toBe('moving-donor');
    expect(paramsOf({ task: 'navigation', complication: 'entry-bleed' })).not.toHaveProperty('complication');
    expect(paramsOf({ complication: 'stuck-twin' })).not.toHaveProperty('complication');
    expect(paramsOf({})).not.toHaveProperty('complication');
  });

  it('the seeded course gives one case of each, in a module of its own', () => {
    expect(FETOSCOPY_SIM.at(-1)!.map((p) => p.complication)).toEqual(['entry-bleed', 'separation', 'moving-donor']);
    expect(
      FETOSCOPY_SIM.slice(0, -1)
        .flat()
        .every((p) => p.complication === undefined),
    ).toBe(true);
  });

  it('an entry bleed fills the fluid with blood at the start, beyond what can be fired through', () => {
    for (let variant = 0; variant < 12; variant += 1) {
      const plain = openCase({}, variant);
      const bleeding = openCase({ complication: 'entry-bleed' }, variant);
      const seed = bleeding.state.scenario.seed;
      expect(turbidityAt(plain.state, 0)).toBe(entryBleed(seed));
      expect(turbidityAt(bleeding.state, 0)).toBeGreaterThanOrEqual(Math.min(1, COMPLICATION.entryBleed[0]));
      expect(turbidityAt(bleeding.state, 0)).toBeGreaterThan(COMPLICATION.blindAbove);
    }
  });

  it('an entry bleed fired through before the fluid was exchanged is not managed: the score stays below the pass mark', () => {
    const sim = openCase({ complication: 'entry-bleed' });
    const a = sim.state.scenario.placenta.anastomoses[0]!;
    steer(sim, a.position, 10);
    fire(sim, 300);
    expect(sim.state.energy.blind).toBeGreaterThan(0);
    const { metrics, result } = gateOf(sim);
    expect(metrics).toMatchObject({ complication: 'entry-bleed', complicationManaged: false });
    expect(result.score).toBeLessThanOrEqual(60);
  });

  it('an entry bleed exchanged before firing is managed, and so is one left to clear by itself', () => {
    const exchanged = openCase({ complication: 'entry-bleed' });
    exchanged.apply({ t: 1000, type: 'exchange' });
    exchanged.advance(1000 + TURBIDITY.exchangeMs);
    steer(exchanged, exchanged.state.scenario.placenta.anastomoses[0]!.position, 10);
    fire(exchanged, 300);
    expect(gateOf(exchanged).metrics).toMatchObject({ complication: 'entry-bleed', complicationManaged: true });

    const waited = openCase({ complication: 'entry-bleed' });
    waited.advance(TURBIDITY.halfLifeMs * 2);
    expect(turbidityAt(waited.state, waited.state.t)).toBeLessThanOrEqual(COMPLICATION.blindAbove);
    steer(waited, waited.state.scenario.placenta.anastomoses[0]!.position, 10);
    fire(waited, 300);
    const { metrics, result } = gateOf(waited);
    expect(metrics.complicationManaged).toBe(true);
    expect(result.gates.some((g) => g.id === 'complication')).toBe(false);
  });

  it('a separation floats a loose sheet of amnion over the plate, the case’s other intruders as they were; firing through it is a septostomy', () => {
    expect(scenarioOf({ complication: 'separation' }).intruders.map((i) => i.kind)).toEqual(['amnion']);
    const busy = scenarioOf({ difficulty: 4, complication: 'separation' });
    expect(busy.intruders.map((i) => i.kind)).toEqual(['cord', 'membrane', 'limb', 'amnion']);
    expect(busy.intruders.slice(0, 3)).toEqual(scenarioOf({ difficulty: 4 }).intruders);
    expect(busy.placenta).toEqual(scenarioOf({ difficulty: 4 }).placenta);

    const sim = openCase({ complication: 'separation' });
    expect(prognosisOf(sim.state)!.risks.rupture).toBe('moderate');
    underneath(sim, 'amnion');
    const blood = turbidityAt(sim.state, sim.state.t);
    fire(sim, 100);
    expect(sim.state.strikes).toMatchObject({ amnion: 1 });
    // A sheet of membrane does not bleed.
    expect(turbidityAt(sim.state, sim.state.t)).toBeLessThanOrEqual(blood);
    expect(prognosisOf(sim.state)!.risks.rupture).toBe('high');
    const { metrics, result } = gateOf(sim);
    expect(metrics).toMatchObject({ complication: 'separation', complicationManaged: false, strikes: 1 });
    expect(result.score).toBeLessThanOrEqual(60);
  });

  it('a moving donor swims across the equator; firing into it is not managed, and bleeds', () => {
    const scenario = scenarioOf({ task: 'solomon', complication: 'moving-donor' });
    const donor = scenario.intruders.find((i) => i.kind === 'donor')!;
    // It swims farther than the cord drifts: across tens of millimetres of the plate.
    let [low, high] = [Infinity, -Infinity];
    for (let t = 0; t < 200_000; t += 500) {
      const { x } = intruderAt(donor, t).centre;
      [low, high] = [Math.min(low, x), Math.max(high, x)];
    }
    expect(high - low).toBeGreaterThan(20);

    const sim = openCase({ task: 'solomon', complication: 'moving-donor' });
    // Its trunk floats higher than a cord: the beam from a working distance under it passes through it.
    underneath(sim, 'donor', 16);
    const blood = turbidityAt(sim.state, sim.state.t);
    fire(sim, 100);
    expect(sim.state.strikes).toMatchObject({ donor: 1 });
    expect(turbidityAt(sim.state, sim.state.t)).toBeGreaterThan(blood);
    const { metrics, result } = gateOf(sim);
    expect(metrics).toMatchObject({ complication: 'moving-donor', complicationManaged: false });
    expect(result.score).toBeLessThanOrEqual(60);
  });

  it('a case without one has no complication gate, and its metrics say so', () => {
    const sim = openCase();
    fire(sim, 100);
    const { metrics, result } = gateOf(sim);
    expect(metrics).toMatchObject({ complication: null, complicationManaged: null });
    expect(result.gates.some((g) => g.id === 'complication')).toBe(false);
  });
});
