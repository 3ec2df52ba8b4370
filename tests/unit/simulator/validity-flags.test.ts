// Flags without false accusations in the laser tasks: people at a slow, hesitant or corrective pace are never
// flagged, while a program that plays from the model's hidden state (laser-replay.ts) is, for its route to the
// anastomoses (planned) or for letting go of the pedal the moment they seal (reaction). `npm run bench:validity`
// plays the same players on 200 variants.
import { describe, expect, it } from 'vitest';
import { createRng, hashString, replayChecked } from '../../../src/domain/simulator/index.ts';
import { FETOSCOPY_SIM } from '../../../src/domain/simulator/seeded.ts';
import { laserReplay } from '../../../scripts/lib/validity/laser-replay.ts';
import { playAll, scenarioOf, validityCases } from '../../../scripts/lib/validity/run.ts';
import { carefulSurgeons } from '../../../scripts/lib/validity/surgeons.ts';

const CASES = [...validityCases('selective', FETOSCOPY_SIM), ...validityCases('solomon', FETOSCOPY_SIM)];
/** 4 variants of the 13 laser cases, every log replayed: a few seconds. */
const VARIANTS = 3;
const SLOW = { timeout: 180_000 };

describe('plausibility flags in the laser tasks', () => {
  it(`flag none of ${carefulSurgeons.length} careful players (slow, hesitant bursts, corrective) on ${CASES.length} cases × ${VARIANTS} variants`, SLOW, () => {
    const played = playAll(CASES, carefulSurgeons, VARIANTS, 1);
    expect(played).toHaveLength(CASES.length * VARIANTS * carefulSurgeons.length);
    const flagged = played.filter((p) => p.outcome.flags!.length > 0);
    expect(flagged.map((p) => `${p.player.name} ${p.case.label} #${p.variant}: ${p.outcome.flags!.join(', ')}`)).toEqual([]);
  });

  it('flag a program that reads the model and lets go on the seal, in every case', SLOW, () => {
    const missed: string[] = [];
    for (const c of CASES) {
      for (let variant = 0; variant < VARIANTS; variant += 1) {
        const scenario = scenarioOf(c, variant);
        const { flags } = replayChecked(scenario, laserReplay(scenario, createRng(hashString(`laser|${variant}`)), { releaseMs: [0, 40] }));
        if (flags.length === 0) missed.push(`${c.label} #${variant}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('flag its route to the anastomoses as planned where the straight scope is played, though it lets go at a hand’s pace', SLOW, () => {
    const straight = CASES.filter((c) => c.params.scopes === 'straight');
    expect(straight.length).toBeGreaterThanOrEqual(4);
    const flags = straight.flatMap((c) =>
      Array.from({ length: VARIANTS }, (_, variant) => {
        const scenario = scenarioOf(c, variant);
        return replayChecked(scenario, laserReplay(scenario, createRng(hashString(`laser|${variant}`)), { releaseMs: [250, 500] })).flags;
      }),
    );
    // Only the route gives it away; where it had to correct a move (the tip low over the plate), it passes for a person.
    expect(flags.filter((f) => f.join() === 'planned').length).toBeGreaterThanOrEqual(0.8 * flags.length);
  });
});
