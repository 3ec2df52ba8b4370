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
