import { describe, expect, it } from 'vitest';
import {
  buildScenario,
  defaultCaseParams,
  initialPose,
  normalizeCaseParams,
  SCOPE,
  seedFor,
  stepPose,
  viewOf,
  type Trocar,
} from '../../../src/domain/simulator/index.ts';
import { cross, dot, length } from '../../../src/domain/simulator/vec3.ts';
import { hold, openCase } from './pilot.ts';

const posterior: Trocar = { entry: { x: 0, y: 0, z: 60 }, axis: { x: 0, y: 0, z: -1 } };

describe('fetoscope pose', () => {
  it('opens along the trocar axis, 40 mm short of the plate, looking square at its centre', () => {
    const pose = initialPose(posterior);
    const view = viewOf(pose, posterior, 'straight', 75);
    expect(view.tip.z).toBeCloseTo(40, 9);
    expect(view.aim?.point.x).toBeCloseTo(0, 9);
    expect(view.aim?.distanceMm).toBeCloseTo(40, 9);
    expect(view.aim?.cos).toBeCloseTo(1, 9);
  });

  it('turns in the image frame: "right" moves the aim towards the image right whatever the roll', () => {
    let pose = initialPose(posterior);
    for (let i = 0; i < 50; i += 1) pose = stepPose(pose, posterior, 0, 0, 0, 0.02);
    const before = viewOf(pose, posterior, 'straight', 75);
    const right = cross(before.look, before.up);
    const turned = viewOf(stepPose(pose, posterior, 0.05, 0, 0, 0), posterior, 'straight', 75);
    const moved = { x: turned.aim!.point.x - before.aim!.point.x, y: turned.aim!.point.y - before.aim!.point.y, z: 0 };
    expect(dot(moved, right) / length(moved)).toBeGreaterThan(0.99);
  });

  it("rolls the image about the shaft without moving a straight scope's aim, and keeps the frame orthonormal", () => {
    const pose = initialPose(posterior);
    const rolled = stepPose(pose, posterior, 0, 0, 0, 0.3);
    expect(dot(rolled.dir, pose.dir)).toBeCloseTo(1, 12);
    expect(dot(rolled.up, pose.up)).toBeLessThan(0.97);
    expect(dot(rolled.up, rolled.dir)).toBeCloseTo(0, 12);
    expect(length(rolled.up)).toBeCloseTo(1, 12);
  });

  it('keeps the shaft within 45° of the trocar axis however far it is turned', () => {
    let pose = initialPose(posterior);
    for (let i = 0; i < 2000; i += 1) pose = stepPose(pose, posterior, 0.01, 0.004, 0, 0);
    expect(dot(pose.dir, posterior.axis)).toBeGreaterThanOrEqual(SCOPE.maxTiltCos - 1e-9);
  });

  it('slides in and out along the shaft, and stops 1 mm short of the plate', () => {
    let pose = initialPose(posterior);
    for (let i = 0; i < 500; i += 1) pose = stepPose(pose, posterior, 0, 0, 1, 0);
    expect(viewOf(pose, posterior, 'straight', 75).tip.z).toBeCloseTo(SCOPE.minTipHeightMm, 9);
    for (let i = 0; i < 500; i += 1) pose = stepPose(pose, posterior, 0, 0, -1, 0);
    expect(pose.depthMm).toBe(SCOPE.minDepthMm);
  });

  it('looks 30° off the shaft with the angled scope, and rolling it sweeps where it looks', () => {
    const pose = initialPose(posterior);
    const angled = viewOf(pose, posterior, 'angled', 75);
    expect(dot(angled.look, pose.dir)).toBeCloseTo(SCOPE.angledCos, 12);
    const rolled = viewOf(stepPose(pose, posterior, 0, 0, 0, 1.5), posterior, 'angled', 75);
    expect(Math.hypot(rolled.aim!.point.x - angled.aim!.point.x, rolled.aim!.point.y - angled.aim!.point.y)).toBeGreaterThan(10);
  });

  it('meets an anterior placenta obliquely with the straight scope, and more squarely with the angled one', () => {
    const params = normalizeCaseParams({ placenta: 'anterior' }, defaultCaseParams(3, 1));
    for (const variant of [1, 2, 3, 4, 5]) {
      const { trocar, placenta } = buildScenario(params, seedFor('c', 3, 1, variant));
      expect(placenta.position).toBe('anterior');
      const pose = initialPose(trocar);
      const straight = viewOf(pose, trocar, 'straight', placenta.radiusMm).aim!;
      const angled = viewOf(pose, trocar, 'angled', placenta.radiusMm).aim!;
      expect(straight.cos).toBeLessThan(0.6);
      expect(angled.cos).toBeGreaterThan(straight.cos + 0.15);
    }
    const back = buildScenario(normalizeCaseParams({ placenta: 'posterior' }, defaultCaseParams(3, 1)), seedFor('c', 3, 1, 1));
    expect(viewOf(initialPose(back.trocar), back.trocar, 'straight', 75).aim!.cos).toBeGreaterThan(0.9);
  });
});

describe('contacts', () => {
  it('counts one contact per touch of the plate and remembers when it happened', () => {
    const sim = openCase({ task: 'navigation', placenta: 'posterior' });
    hold(sim, { insert: 1 }, 3000);
    expect(sim.state.tipHeightMm).toBeLessThanOrEqual(SCOPE.contactMm);
    expect(sim.state.contacts).toBe(1);
    const touchedAt = sim.state.lastContactAt;
    expect(touchedAt).not.toBeNull();
    hold(sim, { insert: 1 }, 500);
    expect(sim.state.contacts).toBe(1);
    hold(sim, { insert: -1 }, 500);
    hold(sim, { insert: 1 }, 1000);
    expect(sim.state.contacts).toBe(2);
    expect(sim.state.lastContactAt).toBeGreaterThan(touchedAt!);
  });
});
