import { describe, expect, it } from 'vitest';
import {
  advance,
  applyEvent,
  buildScenario,
  computeMetrics,
  createSimulation,
  debriefOf,
  defaultCaseParams,
  MAX_SESSION_MS,
  paramsOfCase,
  replay,
  scoreAttempt,
  seedFor,
} from '../../../src/domain/simulator/index.ts';
import { fire, hold, openCase, steer } from './pilot.ts';

describe('variant', () => {
  it('draws a different layout of the same difficulty for each launch variant, and the same one again for the same variant', () => {
    const params = paramsOfCase(undefined, 2, 2);
    const layouts = [1, 2, 3].map((v) => buildScenario(params, seedFor('fetoscopy-simulator', 2, 2, v)));
    const again = buildScenario(params, seedFor('fetoscopy-simulator', 2, 2, 2));
    expect(again.placenta).toEqual(layouts[1]!.placenta);
    expect(again.trocar).toEqual(layouts[1]!.trocar);
    const positions = layouts.map((s) => JSON.stringify(s.placenta.anastomoses.map((a) => a.position)));
    expect(new Set(positions).size).toBe(3);
    for (const s of layouts) {
      expect(s.placenta.anastomoses).toHaveLength(params.anastomoses);
      expect(Math.min(...s.placenta.anastomoses.map((a) => a.diameterMm))).toBeCloseTo(params.smallestMm, 12);
    }
    expect(seedFor('c', 1, 1, 0)).not.toBe(seedFor('c', 1, 1, 1));
  });
});

describe('replay', () => {
  function playedCase() {
    const sim = openCase({ task: 'solomon', difficulty: 2, anastomoses: 2 });
    for (const a of sim.state.scenario.placenta.anastomoses) {
      steer(sim, a.position, 9);
      sim.apply({ t: sim.state.t, type: 'mark' });
      sim.apply({ t: sim.state.t + 700, type: 'classify', kind: a.kind });
      fire(sim, 3000);
    }
    hold(sim, { turnX: 1, roll: 0.5 }, 700);
    hold(sim, { insert: 1 }, 2500);
    sim.apply({ t: sim.state.t + 100, type: 'finish' });
    return sim;
  }

  it('rebuilds exactly the state the live page reached, from the log alone', () => {
    const live = playedCase().state;
    const again = replay(live.scenario, live.log);
    expect(computeMetrics(again)).toEqual(computeMetrics(live));
    expect(again.fluence).toEqual(live.fluence);
    expect(again.pose).toEqual(live.pose);
    expect(debriefOf(again)).toEqual(debriefOf(live));
  });

  it('gives the same bits whether the clock advances frame by frame or in one jump', () => {
    const scenario = buildScenario(defaultCaseParams(1, 1), seedFor('c', 1, 1, 5));
    let framed = applyEvent(createSimulation(scenario), { t: 0, type: 'open', scope: 'straight' });
    framed = applyEvent(framed, { t: 10, type: 'input', turnX: 0.6, turnY: -0.3, insert: 0.2, roll: 0.1 });
    let jumped = framed;
    for (let t = 10; t <= 2000; t += 17) framed = advance(framed, t);
    framed = applyEvent(framed, { t: 2001, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 });
    jumped = applyEvent(jumped, { t: 2001, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 });
    expect(advance(jumped, 3000).pose).toEqual(advance(framed, 3000).pose);
    expect(advance(jumped, 3000).pathLengthMm).toBe(advance(framed, 3000).pathLengthMm);
  });

  it('drops malformed events, events before opening and anything after finishing, and clamps time', () => {
    const scenario = buildScenario(defaultCaseParams(1, 1), seedFor('c', 1, 1, 5));
    const state = replay(scenario, [
      { t: 5, type: 'laserOn' },
      null,
      { t: 'x', type: 'open' },
      { t: 10, type: 'open', scope: 'angled' },
      { t: 20, type: 'teleport' },
      { t: 30, type: 'input', turnX: 99, turnY: 0, insert: 0, roll: Number.NaN },
      { t: 40, type: 'input', turnX: 99, turnY: -5, insert: 0, roll: 0 },
      { t: 50, type: 'classify', kind: 'XX' },
      { t: 60, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 },
      { t: 9e15, type: 'finish' },
      { t: 9e15 + 1, type: 'laserOn' },
    ]);
    expect(state.log.map((e) => e.type)).toEqual(['open', 'input', 'input', 'finish']);
    expect(state.scope).toBe('straight');
    expect(state.log[1]).toMatchObject({ turnX: 1, turnY: -1 });
    expect(state.finishedAt).toBeLessThanOrEqual(MAX_SESSION_MS);
    expect(state.laserEverOn).toBe(false);
  });

  it('uses the scope the case offers whatever the log asks for', () => {
    const offered = buildScenario({ ...defaultCaseParams(3, 3), scopes: 'angled' }, seedFor('c', 3, 3, 1));
    expect(replay(offered, [{ t: 0, type: 'open', scope: 'straight' }]).scope).toBe('angled');
    const both = buildScenario({ ...defaultCaseParams(3, 3), scopes: 'both' }, seedFor('c', 3, 3, 1));
    expect(replay(both, [{ t: 0, type: 'open', scope: 'angled' }]).scope).toBe('angled');
  });

  it('scores a careful treatment far above finishing at once', () => {
    const played = playedCase().state;
    const treated = scoreAttempt(computeMetrics(played)).score;
    const quick = replay(played.scenario, [
      { t: 0, type: 'open', scope: 'straight' },
      { t: 1000, type: 'finish' },
    ]);
    expect(scoreAttempt(computeMetrics(quick)).score).toBe(0);
    expect(treated).toBeGreaterThan(30);
  });
});
