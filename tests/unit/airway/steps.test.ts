import { describe, expect, it } from 'vitest';
import { FETO_STEPS, fetoStepDone, replayFeto } from '../../../src/domain/airway/attempt.ts';
import { buildAirway } from '../../../src/domain/airway/model.ts';
import { createRng } from '../../../src/domain/simulator/rng.ts';
import { FETO_PLAYERS } from '../../../scripts/lib/validity/feto.ts';

const airway = buildAirway('steps', 28, 2);
const expert = FETO_PLAYERS.find((p) => p.name === 'expert')!;

describe.each(['insertion', 'removal'] as const)('the %s steps', (task) => {
  it('are all done by an expert and none by an attempt finished at once', () => {
    const done = replayFeto(airway, task, expert.play(airway, task, createRng(3)));
    const none = replayFeto(airway, task, [{ t: 0, type: 'finish' }]);
    expect(FETO_STEPS[task].map((s) => fetoStepDone(done, s))).toEqual(FETO_STEPS[task].map(() => true));
    expect(FETO_STEPS[task].map((s) => fetoStepDone(none, s))).toEqual(FETO_STEPS[task].map((s) => s === 'withdraw'));
  });
});

describe('the live replay (the page steps on to its clock)', () => {
  it('reaches the tip and path that the same log finished at that time reaches', () => {
    const log = [{ t: 0, type: 'input' as const, turnX: 0, turnY: 0, insert: 1 }];
    const live = replayFeto(airway, 'insertion', log, 1_500);
    const finished = replayFeto(airway, 'insertion', [...log, { t: 1_500, type: 'finish' }]);
    expect(live.tip).toEqual(finished.tip);
    expect(live.pathMm).toBe(finished.pathMm);
    expect(live.tip.depth).toBeCloseTo(12, 6);
    expect(live.controls.insert).toBe(1);
  });

  it('does not step on past a finish', () => {
    const o = replayFeto(
      airway,
      'insertion',
      [
        { t: 0, type: 'input', turnX: 0, turnY: 0, insert: 1 },
        { t: 500, type: 'finish' },
      ],
      5_000,
    );
    expect(o.endMs).toBe(500);
  });
});
