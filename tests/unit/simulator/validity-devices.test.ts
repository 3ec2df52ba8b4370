// The careful expert with each input the page offers besides the keys (hand.ts: a touch screen's stick and slider,
// a gamepad's sticks): its logs are a person's (never flagged, at a person's pace), and with either it passes the
// laser cases as with the keys: it steers again where it did not get onto a vessel, lets go of a stick once it sees
// the aim there or the tip swing near the plate, and fires again where the spot paled beside the vessel.
// `npm run bench:validity` plays them on more variants.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASS_MARK } from '../../../src/domain/progress.ts';
import { FETOSCOPY_SIM } from '../../../src/domain/simulator/seeded.ts';
import { HUMAN_PACE, playAll, validityCases, type Played } from '../../../scripts/lib/validity/run.ts';
import { deviceExperts } from '../../../scripts/lib/validity/surgeons.ts';

const CASES = [...validityCases('selective', FETOSCOPY_SIM), ...validityCases('solomon', FETOSCOPY_SIM)];
const VARIANTS = 4;
const SLOW = { timeout: 180_000 };

describe('the expert with a touch screen or a gamepad', () => {
  let played: Played[] = [];
  beforeAll(() => {
    played = playAll(CASES, deviceExperts, VARIANTS, 2);
  });

  it('plays as a person does: touch and stick values, never flagged, at a person’s pace', SLOW, () => {
    expect(played).toHaveLength(CASES.length * VARIANTS * deviceExperts.length);
    expect(played.filter((p) => p.outcome.keysOnly)).toEqual([]);
    const flagged = played.filter((p) => p.replayed && p.outcome.flags!.length > 0);
    expect(flagged.map((p) => `${p.player.name} ${p.case.label} #${p.variant}: ${p.outcome.flags!.join(', ')}`)).toEqual([]);
    expect(played.filter((p) => p.outcome.sustainedRate > HUMAN_PACE.eventsPerS).map((p) => `${p.player.name} ${p.case.label}`)).toEqual([]);
    expect(played.filter((p) => p.replayed && p.outcome.sameAsPlayed !== true)).toEqual([]);
  });

  it.each(deviceExperts.map((p) => p.name))('%s passes the laser cases: at least 95 % of all attempts, and three of each case’s four', SLOW, (name) => {
    const runs = played.filter((p) => p.player.name === name);
    const passed = (some: Played[]) => some.filter((p) => p.outcome.score.score >= DEFAULT_PASS_MARK).length / some.length;
    expect(passed(runs)).toBeGreaterThanOrEqual(0.95);
    for (const c of CASES) expect(passed(runs.filter((p) => p.case === c)), c.label).toBeGreaterThanOrEqual(0.75);
  });

  it('draws the Solomon line within its allowance with either input: the collateral gate caps none of its lines', SLOW, () => {
    const capped = played.filter((p) => p.case.params.task === 'solomon' && p.outcome.score.gates.some((g) => g.id === 'collateral' && g.ceiling < 100));
    expect(capped.map((p) => `${p.player.name} ${p.case.label} #${p.variant}: ${p.outcome.metrics.collateralEnergyJ.toFixed(0)} J`)).toEqual([]);
  });
});
