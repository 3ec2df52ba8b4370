// The score's validity as players who see only what a learner sees show it (scripts/lib/validity/sighted.ts):
// they plan from the view inside the scope's field (eyes.ts), never from the model's hidden state. What holds for
// them is asserted here (nothing hidden read, a person's pace, the novice failing, skill ordering the scores); how
// often the sighted expert passes each case is the bench's figure (`npm run bench:validity -- 200 sighted`) and
// docs/simulator-judgement.md's; here it must pass 95 % of each task's attempts and 85 % of each case's (17 of 20).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASS_MARK } from '../../../src/domain/progress.ts';
import { liveSimulation, viewOf, type Task } from '../../../src/domain/simulator/index.ts';
import { FETOSCOPY_SIM } from '../../../src/domain/simulator/seeded.ts';
import { Eyes, FIELD_OF_VIEW_DEGREES, SEEING_DISTANCE_MM } from '../../../scripts/lib/validity/eyes.ts';
import { auc, HUMAN_PACE, playAll, scenarioOf, validityCases, type Played } from '../../../scripts/lib/validity/run.ts';
import { sightedPlayers } from '../../../scripts/lib/validity/sighted.ts';

/** 20 variants of each seeded case (about 30 s); `npm run bench:validity -- 200 sighted` plays 200. */
const VARIANTS = 20;
const REPLAY_EVERY = 5;
const TASKS: readonly Task[] = ['selective', 'solomon'];

let played: Played[] = [];
beforeAll(() => {
  played = playAll(
    TASKS.flatMap((task) => validityCases(task, FETOSCOPY_SIM)),
    sightedPlayers,
    VARIANTS,
    REPLAY_EVERY,
  );
});

const scores = (filter: (p: Played) => boolean) => played.filter(filter).map((p) => p.outcome.score.score);
const share = (values: number[], test: (v: number) => boolean) => values.filter(test).length / values.length;

describe('the sighted players', () => {
  it('read nothing of the hidden model: no anastomoses, equator, sealed lists, seal thresholds or tissue classes', () => {
    for (const file of ['scripts/lib/validity/eyes.ts', 'scripts/lib/validity/sighted.ts']) {
      const code = readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect(code, file).not.toMatch(/\.anastomoses|(?<!\.\.)\.equator\b|\.sealed\b|\.lineSealed|sealThreshold\(|\.cls\b|entryFor|\.visibility/);
    }
  });

  it('see only what lies inside the field of view, in the light', () => {
    const scenario = scenarioOf(validityCases('selective', FETOSCOPY_SIM)[0]!, 0);
    const sim = liveSimulation(scenario);
    sim.apply({ t: 0, type: 'open', scope: 'straight', site: 0 });
    const eyes = new Eyes(scenario);
    const view = viewOf(sim.state.pose, sim.state.trocar, 'straight', Infinity);
    const ends = eyes.endsInView(sim.state);
    const all = scenario.placenta.vessels.length;
    expect(ends.length).toBeLessThan(all);
    for (const end of ends) {
      const d = { x: end.at.x - view.tip.x, y: end.at.y - view.tip.y, z: -view.tip.z };
      const length = Math.hypot(d.x, d.y, d.z);
      const angle = (Math.acos((d.x * view.look.x + d.y * view.look.y + d.z * view.look.z) / length) * 180) / Math.PI;
      expect(angle).toBeLessThanOrEqual(FIELD_OF_VIEW_DEGREES / 2 + 1e-9);
      expect(length).toBeLessThanOrEqual(SEEING_DISTANCE_MM);
    }
  });

  it('act only through the event log: keys only, at a human rate, replayed to the same state, never flagged', () => {
    const off = played.filter((p) => !p.outcome.keysOnly || p.outcome.sustainedRate > HUMAN_PACE.eventsPerS);
    expect(off.map((p) => `${p.player.name} ${p.case.label} #${p.variant}: ${p.outcome.sustainedRate} events/s`)).toEqual([]);
    const replayed = played.filter((p) => p.replayed);
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed.filter((p) => p.outcome.sameAsPlayed !== true).map((p) => `${p.player.name} ${p.case.label} #${p.variant}`)).toEqual([]);
    expect(
      replayed.filter((p) => p.outcome.flags!.length > 0).map((p) => `${p.player.name} ${p.case.label} #${p.variant}: ${p.outcome.flags!.join(', ')}`),
    ).toEqual([]);
  });
});

describe.each(TASKS)('the %s score, as sighted players show it', (task) => {
  const cases = validityCases(task, FETOSCOPY_SIM);
  const of = (label: string, name: string) => scores((p) => p.case.label === label && p.player.name === name);

  it.each(cases.map((c) => [c.label] as const))('%s: the sighted novice fails in at least 95 % of variants', (label) => {
    expect(of(label, 'sighted-novice')).toHaveLength(VARIANTS);
    expect(share(of(label, 'sighted-novice'), (s) => s < DEFAULT_PASS_MARK)).toBeGreaterThanOrEqual(0.95);
  });

  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  it.each(cases.map((c) => [c.label] as const))('%s: the sighted expert outscores the intermediate, who outscores the novice, on average', (label) => {
    const [expert, intermediate, novice] = ['sighted-expert', 'sighted-intermediate', 'sighted-novice'].map((name) => mean(of(label, name)));
    expect(expert).toBeGreaterThan(intermediate!);
    expect(intermediate).toBeGreaterThan(novice!);
  });

  it('lets the sighted expert pass: 95 % of the attempts, and 85 % in every case', () => {
    const expert = (filter: (p: Played) => boolean) =>
      share(
        scores((p) => p.case.params.task === task && p.player.name === 'sighted-expert' && filter(p)),
        (s) => s >= DEFAULT_PASS_MARK,
      );
    expect(expert(() => true)).toBeGreaterThanOrEqual(0.95);
    expect(cases.map((c) => ({ case: c.label, pass: expert((p) => p.case.label === c.label) })).filter((c) => c.pass < 0.85)).toEqual([]);
  });

  it('tells the sighted expert from the novice: AUC at least 0.95', () => {
    const all = (name: string) => scores((p) => p.case.params.task === task && p.player.name === name);
    expect(auc(all('sighted-expert'), all('sighted-novice'))).toBeGreaterThanOrEqual(0.95);
  });
});
