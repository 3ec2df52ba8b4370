import { describe, expect, it } from 'vitest';
import { type FetoOutcome, replayFeto } from '../../../src/domain/airway/attempt.ts';
import { buildAirway } from '../../../src/domain/airway/model.ts';
import { FETO_SCORING, fetoGates, scoreFeto } from '../../../src/domain/airway/score.ts';
import { createRng } from '../../../src/domain/simulator/rng.ts';
import { courseStanding, DEFAULT_PASS_MARK, passMarkOf } from '../../../src/domain/progress.ts';
import { FETO_PLAYERS } from '../../../scripts/lib/validity/feto.ts';

const airway = buildAirway('gates', 30, 1);
const expert = FETO_PLAYERS.find((p) => p.name === 'expert')!;
const played = (task: 'insertion' | 'removal') => replayFeto(airway, task, expert.play(airway, task, createRng(5)));
const { cords, carina } = airway.landmarks;

describe('an expert insertion and removal pass', () => {
  it.each(['insertion', 'removal'] as const)('%s', (task) => {
    const o = played(task);
    expect(fetoGates(airway, o)).toEqual([]);
    expect(scoreFeto(airway, o).passed).toBe(true);
  });
});

describe('each gate fails the attempt on its own', () => {
  const insertion = played('insertion');
  const removal = played('removal');
  const balloon = insertion.balloon!;
  const cases: [string, FetoOutcome, string][] = [
    ['a hard push against the mucosa', { ...insertion, maxPressMm: FETO_SCORING.maxPressMm + 0.1 }, 'trauma'],
    ['forcing closed cords', { ...insertion, forcedCords: 1 }, 'forcedCords'],
    ['placing the balloon without seeing the carina', { ...insertion, carinaReached: false }, 'carinaNotSeen'],
    ['a balloon just below the cords (it leaks)', { ...insertion, balloon: { ...balloon, depth: cords + 1 } }, 'balloonLeaks'],
    ['a balloon in a bronchus', { ...insertion, balloon: { ...balloon, depth: carina + 1 } }, 'balloonInBronchus'],
    ['too little volume', { ...insertion, balloon: { ...balloon, volumeMl: FETO_SCORING.volumeMl.min - 0.1 } }, 'volume'],
    ['too much volume', { ...insertion, balloon: { ...balloon, volumeMl: FETO_SCORING.volumeMl.max + 0.1 } }, 'volume'],
    ['a balloon left attached', { ...insertion, balloon: { ...balloon, detached: false } }, 'notDetached'],
    ['the scope left in the airway', { ...insertion, withdrawn: false }, 'notWithdrawn'],
    ['a puncture away from the balloon', { ...removal, blindPunctures: 1 }, 'blindPuncture'],
    ['a balloon left in place', { ...removal, balloon: { ...removal.balloon!, punctured: false } }, 'balloonNotRemoved'],
  ];
  it.each(cases)('%s', (_, outcome, gate) => {
    expect(fetoGates(airway, outcome)).toEqual([gate]);
    expect(scoreFeto(airway, outcome).passed).toBe(false);
  });
});

describe('an insertion without a balloon', () => {
  it('fails on the balloon, its volume and its detachment', () => {
    expect(fetoGates(airway, { ...played('insertion'), balloon: null })).toEqual(['balloonLeaks', 'volume', 'notDetached']);
  });
});

describe('the replay', () => {
  it('counts pushing a detached balloon down as pressure on the airway', () => {
    const o = replayFeto(airway, 'removal', [
      { t: 0, type: 'input', turnX: 0, turnY: 0, insert: 1 },
      { t: 20_000, type: 'finish' },
    ]);
    expect(o.maxPressMm).toBeGreaterThan(FETO_SCORING.maxPressMm);
  });

  it('fails a slow attempt on its score even with every gate passed', () => {
    const o = { ...played('insertion'), endMs: FETO_SCORING.timeMs.zero, pathMm: carina * FETO_SCORING.pathMm.zeroFactor };
    expect(fetoGates(airway, o)).toEqual([]);
    expect(scoreFeto(airway, o).passed).toBe(false);
  });
});

describe("a FETO case passes at its course's pass mark, the one progress reads", () => {
  // Every gate passed but slow: a score between 60 (the mark FETO once kept of its own) and the course's default 70.
  const slow = { ...played('insertion'), endMs: 540_000 };
  const earned = scoreFeto(airway, slow).score;
  const course = (passMark: number | undefined) => ({
    levels: [{ title: 'Insertion', active: true, cases: [{ id: 'c1', title: 'Passing the cords', task: 'tracheal-occlusion' as const, passMark }] }],
  });

  it('scores the slow attempt between 60 and the default pass mark, every gate passed', () => {
    expect(fetoGates(airway, slow)).toEqual([]);
    expect(earned).toBeGreaterThanOrEqual(60);
    expect(earned).toBeLessThan(DEFAULT_PASS_MARK);
  });

  it('fails it against the default pass mark, as the course does with none set', () => {
    expect(scoreFeto(airway, slow).passed).toBe(false);
    expect(courseStanding(course(undefined), [{ caseId: 'c1', score: earned, at: new Date(0), flagged: false }]).modules[0]!.cases[0]!.state).toBe('attempted');
  });

  it.each([undefined, 50, earned, earned + 1, 90])('agrees with the course standing when the course sets %s', (set) => {
    const { passed } = scoreFeto(airway, slow, passMarkOf(set, undefined).passMark);
    const standing = courseStanding(course(set), [{ caseId: 'c1', score: earned, at: new Date(0), flagged: false }]);
    expect(standing.modules[0]!.cases[0]!.state === 'passed').toBe(passed);
  });
});
