import { describe, expect, it } from 'vitest';
import {
  advance,
  applyEvent,
  createSimulation,
  currentStep,
  GUIDED_STEPS,
  isStepDone,
  type GuidedProgress,
  type SimState,
} from '../../../src/domain/simulator/index.ts';
import { driveTo, handMadePlacenta, press, settle } from './fixtures.ts';

const placenta = handMadePlacenta();

describe('GUIDED_STEPS', () => {
  it('lists the SPEC\'s eight steps in order, as ids only', () => {
    expect(GUIDED_STEPS).toEqual([
      'open-fetoscopy',
      'explore',
      'identify-anastomoses',
      'activate-laser',
      'coagulate',
      'join-coagulations',
      'draw-solomon-line',
      'finish-review',
    ]);
  });
});

describe('currentStep', () => {
  it('walks through the eight steps in order, waiting on each', () => {
    const seen: GuidedProgress[] = [];
    const note = (s: SimState) => {
      seen.push(currentStep(s));
      return s;
    };
    let s = note(createSimulation(placenta));
    s = note(advance(s, 5000)); // waiting does not open anything
    s = note(press(s, 'open'));
    s = note(settle(driveTo(s, { x: 0, y: -0.1 }))); // 0.1 travelled: not explored yet
    s = note(settle(driveTo(s, { x: -0.3, y: -0.1 }))); // explored, but the nearest anastomosis is out of sight
    expect(s.seen).toEqual([]);
    s = note(settle(driveTo(s, { x: -0.6, y: -0.1 }))); // 'left' comes into sight
    expect(s.seen).toEqual(['left']);
    s = note(press(settle(driveTo(s, { x: -0.2, y: 0 })), 'laserOn'));
    s = note(advance(press(s, 'fireStart'), s.t + 200)); // a flick of the key is not yet a coagulation
    s = note(advance(s, s.t + 200));
    s = note(press(s, 'fireStop'));
    s = note(settle(driveTo(s, { x: -0.15, y: 0 })));
    s = note(advance(press(s, 'fireStart'), s.t + 300)); // a second spot touching the first
    s = press(s, 'fireStop');
    s = settle(driveTo(s, { x: -1, y: 0 }));
    s = applyEvent(press(s, 'fireStart'), { t: s.t, type: 'move', dx: 0.6, dy: 0 });
    s = note(advance(s, s.t + 2000)); // a line part of the way
    s = note(press(advance(s, s.t + 9000), 'fireStop')); // on to the far edge
    expect(s.scope.x).toBeCloseTo(1, 4);
    s = note(press(s, 'finish'));
    expect(seen).toEqual([
      'open-fetoscopy',
      'open-fetoscopy',
      'explore',
      'explore',
      'identify-anastomoses',
      'activate-laser',
      'coagulate',
      'coagulate',
      'join-coagulations',
      'join-coagulations',
      'join-coagulations',
      'draw-solomon-line',
      'draw-solomon-line',
      'finish-review',
      'done',
    ]);
  });

  it('does not skip a step done early: the laser armed first still waits for exploring', () => {
    const s = press(createSimulation(placenta), 'open', 'laserOn');
    expect(isStepDone(s, 'activate-laser')).toBe(true);
    expect(currentStep(s)).toBe('explore');
  });

  it('counts only coagulations that touch each other on the equator as joined', () => {
    const apart = {
      ...press(createSimulation(placenta), 'open'),
      spots: [
        { position: { x: 0, y: 0.3 }, durationMs: 800, radius: 0.0325, energyJ: 24 },
        { position: { x: 0.04, y: 0.3 }, durationMs: 800, radius: 0.0325, energyJ: 24 },
        { position: { x: 0.2, y: 0 }, durationMs: 800, radius: 0.0325, energyJ: 24 },
      ],
    };
    expect(isStepDone(apart, 'join-coagulations')).toBe(false);
    const joined = { ...apart, spots: [...apart.spots, { position: { x: 0.25, y: 0.01 }, durationMs: 800, radius: 0.0325, energyJ: 24 }] };
    expect(isStepDone(joined, 'join-coagulations')).toBe(true);
  });

  it('ends on done when the learner finishes early', () => {
    expect(currentStep(press(createSimulation(placenta), 'open', 'finish'))).toBe('done');
  });
});
