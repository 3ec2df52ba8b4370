// What the simulator adds over the anatomy: the laser's footprint where the aim meets the plate, the numbered
// navigation targets, and the overlay for blood in the fluid and the firing glow.
import {
  AdditiveBlending,
  CanvasTexture,
  CircleGeometry,
  Color,
  CustomBlending,
  Mesh,
  MeshBasicMaterial,
  OneFactor,
  PlaneGeometry,
  RingGeometry,
  ShaderMaterial,
  SrcAlphaFactor,
  Sprite,
  SpriteMaterial,
  type Object3D,
  type Texture,
} from 'three';
import { beamRadius, LASER, TARGET_RADIUS_MM, type Aim, type Vec2 } from '../domain/simulator/index.ts';
import { BEAM_FRAGMENT, BEAM_VERTEX, OVERLAY_FRAGMENT, OVERLAY_VERTEX } from './shaders.ts';

/** The beam mesh reaches this many spot radii, so its halo spills past the spot. */
const HALO = 1.6;
const AIMING = new Color(0.25, 1, 0.4);
const FIRING = new Color(1.3, 0.3, 0.18);
/** Target rings: reached, next, still to come (linear values, shown as they are). */
const TARGET_COLOURS = { done: new Color(0.49, 1, 0.63), next: new Color(1, 0.85, 0.3), later: new Color(1, 1, 1) };

export interface Beam {
  mesh: Mesh;
  /** Where and how the beam falls; null hides it. */
  update(aim: Aim | null, look: { x: number; y: number }, firing: boolean): void;
}

/**
 * The footprint is an ellipse: the beam's radius across, stretched by 1/cos along the direction it slants in,
 * so its area is the spot the laser model burns (`spotRadius`).
 */
export function createBeam(): Beam {
  const colour = { value: AIMING.clone() };
  const mesh = new Mesh(
    new CircleGeometry(HALO, 32),
    new ShaderMaterial({
      vertexShader: BEAM_VERTEX,
      fragmentShader: BEAM_FRAGMENT,
      uniforms: { uColour: colour, uHalo: { value: HALO } },
      transparent: true,
      blending: AdditiveBlending,
      depthWrite: false,
    }),
  );
  mesh.position.z = 0.05;
  mesh.visible = false;
  return {
    mesh,
    update(aim, look, firing) {
      mesh.visible = aim !== null;
      if (!aim) return;
      const r = beamRadius(aim.distanceMm);
      mesh.position.x = aim.point.x;
      mesh.position.y = aim.point.y;
      mesh.rotation.z = Math.atan2(look.y, look.x);
      mesh.scale.set(r / Math.max(LASER.minCos, aim.cos), r, 1);
      colour.value.copy(firing ? FIRING : AIMING);
    },
  };
}

function numberTexture(text: string): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext('2d')!;
  ctx.font = 'bold 44px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 8;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
  ctx.strokeText(text, 32, 34);
  ctx.fillStyle = '#fff';
  ctx.fillText(text, 32, 34);
  return new CanvasTexture(canvas);
}

export interface Targets {
  objects: Object3D[];
  /** Highlights the next target and dims the ones reached. */
  update(next: number): void;
}

/** Navigation targets: a ring the size of the reach tolerance and its number, standing up towards the camera. */
export function createTargets(points: readonly Vec2[]): Targets {
  const ring = new RingGeometry(TARGET_RADIUS_MM - 0.7, TARGET_RADIUS_MM, 48);
  const items = points.map((p, i) => {
    const material = new MeshBasicMaterial({ transparent: true, depthWrite: false });
    const mesh = new Mesh(ring, material);
    mesh.position.set(p.x, p.y, 0.1);
    const label = new Sprite(new SpriteMaterial({ map: numberTexture(String(i + 1)), transparent: true, depthWrite: false }));
    label.position.set(p.x, p.y, 3);
    label.scale.set(5, 5, 1);
    return { mesh, material, label };
  });
  let shown = -1;
  return {
    objects: items.flatMap((item) => [item.mesh, item.label]),
    update(next) {
      if (next === shown) return;
      shown = next;
      items.forEach((item, i) => {
        item.material.color.copy(i < next ? TARGET_COLOURS.done : i === next ? TARGET_COLOURS.next : TARGET_COLOURS.later);
        item.material.opacity = i === next ? 1 : 0.45;
        item.label.material.opacity = i === next ? 1 : 0.5;
      });
    },
  };
}

export type OverlayUniforms = Record<'uMurk' | 'uTime' | 'uFiring', { value: number }>;

/** A full-canvas quad drawn last, in clip space, whatever the camera does. */
export function createOverlay(noise: Texture): { mesh: Mesh; uniforms: OverlayUniforms } {
  const uniforms: OverlayUniforms = { uMurk: { value: 0 }, uTime: { value: 0 }, uFiring: { value: 0 } };
  const mesh = new Mesh(
    new PlaneGeometry(2, 2),
    new ShaderMaterial({
      vertexShader: OVERLAY_VERTEX,
      fragmentShader: OVERLAY_FRAGMENT,
      uniforms: { ...uniforms, uNoise: { value: noise } },
      transparent: true,
      depthTest: false,
      depthWrite: false,
      blending: CustomBlending,
      blendSrc: OneFactor,
      blendDst: SrcAlphaFactor,
    }),
  );
  mesh.frustumCulled = false;
  mesh.renderOrder = 10;
  return { mesh, uniforms };
}
