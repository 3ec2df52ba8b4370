import { beforeEach, describe, expect, it } from 'vitest';
import { computeMetrics, replay, scoreAttempt, turbidityAt } from '../../../src/domain/simulator/index.ts';
import { Player } from '../../../scripts/lib/attempt-log.ts';
import { scenarioOf, setPlan, tokenFor } from '../attempt-support.ts';
import { typedClient, useApi } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

beforeEach(async () => {
  await setPlan(api(), 'learner', true);
});

describe('POST /attempts with blood in the fluid', () => {
  it('replays a contact, an amnio-exchange and the treatment after it to the score and time the page reached', async () => {
    const token = await tokenFor('learner');
    const scenario = scenarioOf(token);
    const p = new Player(scenario);
    // A plunge onto the plate bleeds; the exchange then clears the fluid before the treatment.
    p.hold({ turnX: 0, turnY: 0, insert: 1, roll: 0 }).wait(3000).hold({ turnX: 0, turnY: 0, insert: -1, roll: 0 }).wait(1500);
    p.hold({ turnX: 0, turnY: 0, insert: 0, roll: 0 });
    expect(turbidityAt(p.sim.state, p.sim.state.t)).toBeGreaterThan(0.15);
    p.press('exchange').wait(21_000);
    expect(p.sim.state.exchanges).toBe(1);
    expect(turbidityAt(p.sim.state, p.sim.state.t)).toBe(0);
    for (const a of scenario.placenta.anastomoses) {
      p.aimAt(a.position, { distanceMm: 10 });
      p.mark(a.kind);
      p.sealUntil(a.id);
    }
    p.finish();
    const expected = scoreAttempt(computeMetrics(p.sim.state));
    const res = await reply(as('learner').attempts.$post({ json: { token, events: p.events } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ score: expected.score, surgeryTimeMs: computeMetrics(p.sim.state).surgeryTimeMs });
    const again = replay(scenario, p.events);
    expect(again.turbidityTrace).toEqual(p.sim.state.turbidityTrace);
    expect(again.exchanges).toBe(1);
    // The stored debrief keeps the curve, so the history and a director's debrief draw it: it rose, then the exchange cleared it.
    const stored = await reply(as('learner').attempts[':id'].$get({ param: { id: res.json.id } }));
    const curve = stored.json.debrief?.turbidity ?? [];
    expect(curve).toEqual(p.sim.state.turbidityTrace);
    expect(Math.max(...curve)).toBeGreaterThan(0.15);
    expect(curve.at(-1)).toBe(0);
  });
});
