import { beforeEach, describe, expect, it } from 'vitest';
import { computeMetrics, fogAt, prognosisOf, replay, scoreAttempt } from '../../../src/domain/simulator/index.ts';
import { Player } from '../../../scripts/lib/attempt-log.ts';
import { scenarioOf, setPlan, tokenFor } from '../attempt-support.ts';
import { typedClient, useApi } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

beforeEach(async () => {
  await setPlan(api(), 'learner', true);
});

describe('POST /attempts with a wipe of the lens and a final review', () => {
  it('accepts both events and replays them to the score, the lens and the outcome the page reached', async () => {
    const token = await tokenFor('learner');
    const scenario = scenarioOf(token);
    const p = new Player(scenario);
    // A plunge onto the plate smears the lens; the wipe cleans it.
    p.hold({ turnX: 0, turnY: 0, insert: 1, roll: 0 }).wait(3000).hold({ turnX: 0, turnY: 0, insert: -1, roll: 0 }).wait(1500);
    p.hold({ turnX: 0, turnY: 0, insert: 0, roll: 0 });
    expect(fogAt(p.sim.state, p.sim.state.t)).toBeGreaterThan(0.2);
    p.press('wipe').wait(6000);
    expect(fogAt(p.sim.state, p.sim.state.t)).toBe(0);
    const [first, ...rest] = scenario.placenta.anastomoses;
    p.aimAt(first!.position, { distanceMm: 10 });
    p.sealUntil(first!.id);
    // Done: the review finds and seals the rest.
    p.press('review');
    for (const a of rest) {
      p.aimAt(a.position, { distanceMm: 10 });
      p.sealUntil(a.id);
    }
    p.finish();
    const expected = scoreAttempt(computeMetrics(p.sim.state));
    const res = await reply(as('learner').attempts.$post({ json: { token, events: p.events } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ score: expected.score });
    const again = replay(scenario, p.events);
    expect(again.wipes).toBe(1);
    expect(again.reviewSealed).toEqual(rest.map((a) => a.id));
    expect(prognosisOf(again)).toEqual(prognosisOf(p.sim.state));
    expect(prognosisOf(again)!.risks.taps).toBe('low');
  });

  it('stores the outcome with the attempt, as the server replayed it, and answers it with the attempt', async () => {
    const token = await tokenFor('learner');
    const scenario = scenarioOf(token);
    const p = new Player(scenario);
    const [first] = scenario.placenta.anastomoses;
    p.aimAt(first!.position, { distanceMm: 10 });
    p.sealUntil(first!.id);
    p.press('review');
    p.finish();
    const outcome = prognosisOf(replay(scenario, p.events))!;
    expect(outcome).toMatchObject({ reviewed: true, foundAtReview: 0 });
    expect(outcome.openLarge + outcome.openSmall + outcome.openSuperficial).toBe(scenario.placenta.anastomoses.length - 1);
    const posted = await reply(as('learner').attempts.$post({ json: { token, events: p.events } }));
    expect(posted.status).toBe(201);
    expect(posted.json.debrief!.prognosis).toEqual(outcome);
    const stored = await reply(as('learner').attempts[':id'].$get({ param: { id: posted.json.id } }));
    expect(stored.json.debrief!.prognosis).toEqual(outcome);
  });
});
