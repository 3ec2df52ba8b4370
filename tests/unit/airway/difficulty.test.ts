import { describe, expect, it } from 'vitest';
import { buildAirway, centreOffsetMm, FETO_DIFFICULTY, type FetoDifficulty, stepTip, type Airway, type TipPose } from '../../../src/domain/airway/model.ts';
import { fetoCaseOf } from '../../../src/domain/airway/record.ts';
import { airwayTube } from '../../../src/simulator/feto/view.ts';

const VARIANTS = Array.from({ length: 60 }, (_, i) => i);
const airways = (d: FetoDifficulty) => VARIANTS.map((v) => buildAirway('difficulty', 28, v, d));
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Pushes the scope straight in (no steering) from the lips to the epiglottis; returns the deepest single press and the final pose. */
function straightIn(a: Airway): { press: number; pose: TipPose } {
  let pose: TipPose = { depth: 0, x: 0, y: 0 };
  let press = 0;
  for (let t = 0; pose.depth < a.landmarks.epiglottis + 1; t += 25) {
    const r = stepTip(a, pose, { turnX: 0, turnY: 0, insert: 1 }, t, 25);
    press = Math.max(press, r.contact.pressMm);
    pose = r.pose;
  }
  return { press, pose };
}

describe("the seeded course's difficulties are different airways", () => {
  it('gives the insertion module three difficulties and the removal module two, by the case', () => {
    expect([1, 2, 3].map((c) => fetoCaseOf(2, c).difficulty)).toEqual([1, 2, 3]);
    expect([1, 2].map((c) => fetoCaseOf(3, c))).toEqual([
      { task: 'removal', gaWeeks: 32, difficulty: 1 },
      { task: 'removal', gaWeeks: 32, difficulty: 2 },
    ]);
  });

  it('draws a more flexed head, a narrower mouth and a shorter window at the cords when harder', () => {
    for (const d of [1, 2] as const) {
      const easy = airways(d);
      const hard = airways((d + 1) as FetoDifficulty);
      expect(Math.max(...easy.map((a) => a.headFlexion))).toBeLessThanOrEqual(Math.min(...hard.map((a) => a.headFlexion)));
      expect(mean(hard.map((a) => a.mouthOpeningMm))).toBeLessThan(mean(easy.map((a) => a.mouthOpeningMm)) - 0.3);
      expect(Math.max(...hard.map((a) => a.cordsOpenFraction))).toBeLessThanOrEqual(Math.min(...easy.map((a) => a.cordsOpenFraction)));
    }
    for (const a of airways(3)) expect(a.headFlexion).toBeGreaterThanOrEqual(FETO_DIFFICULTY[3].flexion[0]);
  });

  it('is deterministic by seed and draws another airway at another difficulty', () => {
    expect(buildAirway('c', 30, 5, 3)).toEqual(buildAirway('c', 30, 5, 3));
    expect(buildAirway('c', 30, 5, 3)).not.toEqual(buildAirway('c', 30, 5, 2));
  });
});

describe('the head flexion bends the path the scope follows', () => {
  it('bends the centre line over the tongue base only, the more the more flexed', () => {
    const a = buildAirway('bend', 28, 1, 3);
    const { tongueBase, epiglottis, cords } = a.landmarks;
    const peak = (tongueBase + epiglottis) / 2;
    expect(centreOffsetMm(a, tongueBase)).toBe(0);
    expect(centreOffsetMm(a, cords)).toBe(0);
    expect(centreOffsetMm(a, peak)).toBeGreaterThan(0.5);
    expect(centreOffsetMm({ ...a, headFlexion: a.headFlexion / 2 }, peak)).toBeLessThan(centreOffsetMm(a, peak));
    expect(centreOffsetMm({ ...a, headFlexion: 0 }, peak)).toBe(0);
  });

  it('slides a straight scope off the centre in the bend: unsteered it meets the wall of a flexed head, not of a neutral one', () => {
    const flexed = airways(3);
    const pressed = flexed.filter((a) => straightIn(a).press > 0).length;
    expect(pressed).toBeGreaterThan(flexed.length / 4);
    for (const a of flexed) expect(straightIn({ ...a, headFlexion: 0 }).press).toBe(0);
    // Midway through the bend the unsteered tip lies off the centre by the bend.
    const a = flexed[0]!;
    let pose: TipPose = { depth: a.landmarks.tongueBase, x: 0, y: 0 };
    const mid = (a.landmarks.tongueBase + a.landmarks.epiglottis) / 2;
    while (pose.depth < mid) pose = stepTip(a, pose, { turnX: 0, turnY: 0, insert: 0.1 }, 0, 25).pose;
    expect(pose.y).toBeLessThan(-0.3);
  });

  it('lets a straight push through the easiest airways without touching the wall (the journey plays it so)', () => {
    for (const a of [...airways(1), ...VARIANTS.map((v) => buildAirway('difficulty', 32, v, 1))]) expect(straightIn(a).press).toBe(0);
  });
});

describe('the drawn airway bends as the model does', () => {
  it('raises the tube by the centre line at each depth and keeps its normals unit length', () => {
    const a = airways(3).find((x) => x.headFlexion > 200)!;
    const tube = airwayTube(a);
    const position = tube.getAttribute('position');
    const normal = tube.getAttribute('normal');
    const mid = (a.landmarks.tongueBase + a.landmarks.epiglottis) / 2;
    const all = Array.from({ length: position.count }, (_, i) => i);
    const depth = -position.getZ(all.reduce((best, i) => (Math.abs(-position.getZ(i) - mid) < Math.abs(-position.getZ(best) - mid) ? i : best)));
    const ring = all.filter((i) => Math.abs(-position.getZ(i) - depth) < 1e-4);
    expect(ring.length).toBeGreaterThan(40);
    // A ring of the lathe is centred on the bent line: halfway between its top and bottom is the centre line's offset.
    const heights = ring.map((i) => position.getY(i));
    expect((Math.max(...heights) + Math.min(...heights)) / 2).toBeCloseTo(centreOffsetMm(a, depth), 3);
    expect(centreOffsetMm(a, mid)).toBeGreaterThan(0.8);
    for (let i = 0; i < normal.count; i += 1) expect(Math.hypot(normal.getX(i), normal.getY(i), normal.getZ(i))).toBeCloseTo(1, 5);
  });
});
