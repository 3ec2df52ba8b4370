// What the simulator adds over the anatomy: the laser's footprint where the aim meets the plate, the numbered
// navigation targets, and the overlay for blood in the fluid and the firing glow.
import {
  AdditiveBlending,
  CircleGeometry,
  Color,
  CustomBlending,
  Mesh,
  MeshBasicMaterial,
  OneFactor,
  PlaneGeometry,
  ShaderMaterial,
  SrcAlphaFactor,
  type Object3D,
  type Texture,
} from 'three';
import { beamRadius, LASER, TARGET, type Aim, type Vec2 } from '../domain/simulator/index.ts';
import { ringLabelTexture } from './ring-label.ts';
import { BEAM_FRAGMENT, BEAM_VERTEX, OVERLAY_FRAGMENT, OVERLAY_VERTEX } from './shaders.ts';

/** The beam mesh reaches this many spot radii, so its halo spills past the spot. */
const HALO = 1.6;
const AIMING = new Color(0.25, 1, 0.4);
const FIRING = new Color(1.3, 0.3, 0.18);
/**
 * How bright each part of the footprint is: the core over the spot, the rim at its edge, the glow around. The
 * aiming beam is a rim alone, so with the pedal up the tissue inside it shows as it is, blanched or not; the
 * firing beam lights the spot up as a real burn does.
 */
export const BEAM_LOOK = {
  aiming: { core: 0, rim: 0.55, glow: 0 },
  firing: { core: 0.28, rim: 0.55, glow: 0.22 },
} as const;

/** The target's ring (a linear value, shown as it is). */
const TARGET_COLOUR = new Color(1, 0.85, 0.3);

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
  const brightness = { uCore: { value: 0 }, uRim: { value: 0 }, uGlow: { value: 0 } };
  const mesh = new Mesh(
    new CircleGeometry(HALO, 32),
    new ShaderMaterial({
      vertexShader: BEAM_VERTEX,
      fragmentShader: BEAM_FRAGMENT,
      uniforms: { uColour: colour, uHalo: { value: HALO }, ...brightness },
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
      const parts = firing ? BEAM_LOOK.firing : BEAM_LOOK.aiming;
      brightness.uCore.value = parts.core;
      brightness.uRim.value = parts.rim;
      brightness.uGlow.value = parts.glow;
    },
  };
}

/** A target's mark, in one texture (white, tinted by its material): the reach circle and its number above it. */
const MARK = { width: 128, height: 192, pxPerMm: 12, ringY: 128 };

const markTexture = (text: string) =>
  ringLabelTexture(text, {
    width: MARK.width,
    height: MARK.height,
    ringY: MARK.ringY,
    ringPx: TARGET.radiusMm * MARK.pxPerMm - 6,
    ring: 7,
    labelY: 34,
    fontPx: 48,
    ink: '#fff',
  });

export interface Targets {
  objects: Object3D[];
  /** Shows only the target to reach now (none once all are reached), its number turned upright in the image. */
  update(shown: number | null, up: { x: number; y: number }): void;
}

/**
 * Navigation targets lie on the plate: a circle the size of the reach tolerance with its number, turned about
 * the plate's normal so the number stays upright however the scope is rolled. One at a time, as the model's
 * visibleTargets says: the route to each is planned when it appears, not learned from the whole layout.
 */
export function createTargets(points: readonly Vec2[]): Targets {
  const [w, h] = [MARK.width / MARK.pxPerMm, MARK.height / MARK.pxPerMm];
  const plane = new PlaneGeometry(w, h).translate(0, h / 2 - MARK.ringY / MARK.pxPerMm, 0);
  const meshes = points.map((p, i) => {
    const material = new MeshBasicMaterial({ map: markTexture(String(i + 1)), color: TARGET_COLOUR, transparent: true, depthWrite: false });
    const mesh = new Mesh(plane, material);
    mesh.position.set(p.x, p.y, 0.1);
    mesh.visible = false;
    return mesh;
  });
  return {
    objects: meshes,
    update(shown, up) {
      const angle = Math.hypot(up.x, up.y) > 1e-3 ? Math.atan2(-up.x, up.y) : null;
      meshes.forEach((mesh, i) => {
        mesh.visible = i === shown;
        if (mesh.visible && angle !== null) mesh.rotation.z = angle;
      });
    },
  };
}

export type OverlayUniforms = Record<'uMurk' | 'uFog' | 'uTime' | 'uFiring', { value: number }>;

/** A full-canvas quad drawn last, in clip space, whatever the camera does. */
export function createOverlay(noise: Texture): { mesh: Mesh; uniforms: OverlayUniforms } {
  const uniforms: OverlayUniforms = { uMurk: { value: 0 }, uFog: { value: 0 }, uTime: { value: 0 }, uFiring: { value: 0 } };
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
