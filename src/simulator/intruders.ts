// What drifts over the plate (the model's intruders.ts), drawn where the model says it is at each instant: a loop
// of the recipient's cord (coiled, as the cords are), a limb or the donor's trunk, and a pale fold or a loose sheet
// of membrane, lit by the scope's light as the rest of the cavity is.
import { DoubleSide, Mesh, ShaderMaterial, SphereGeometry, Vector3, type DataTexture } from 'three';
import { intruderAt, INTRUDERS, type IntruderKind, type Scenario } from '../domain/simulator/index.ts';
import type { LightUniforms } from './anatomy.ts';
import { WALL_FRAGMENT, WORLD_VERTEX } from './shaders.ts';

/** The wall shader's surface for each kind (its uCord): the cord's coil, skin, and membrane. */
const SURFACE: Record<IntruderKind, number> = { cord: 1, limb: 2, membrane: 3, amnion: 3, donor: 2 };

export interface Intruders {
  meshes: Mesh[];
  /** Moves each one to where it is at `t` (ms of simulation time). */
  update(t: number): void;
  dispose(): void;
}

export function createIntruders(scenario: Scenario, light: LightUniforms, noise: DataTexture): Intruders {
  const materials = new Map<IntruderKind, ShaderMaterial>();
  const materialOf = (kind: IntruderKind) => {
    const known = materials.get(kind);
    if (known) return known;
    const material = new ShaderMaterial({
      vertexShader: WORLD_VERTEX,
      fragmentShader: WALL_FRAGMENT,
      uniforms: { ...light, uNoise: { value: noise }, uCentre: { value: new Vector3() }, uCord: { value: SURFACE[kind] } },
      side: DoubleSide,
      // A membrane is thin: the plate shows faintly through it (the shader gives it its opacity).
      transparent: INTRUDERS.sheet[kind],
      depthWrite: !INTRUDERS.sheet[kind],
    });
    materials.set(kind, material);
    return material;
  };
  const placed = scenario.intruders.map((intruder) => {
    // Scaled in the geometry, not the mesh: BufferGeometry.scale turns the normals as a stretched sphere's are, so
    // a flat fold is lit as flat.
    const geometry = new SphereGeometry(1, 40, 20).scale(intruder.axes.x, intruder.axes.y, intruder.axes.z);
    return { intruder, mesh: new Mesh(geometry, materialOf(intruder.kind)) };
  });
  return {
    meshes: placed.map((p) => p.mesh),
    update(t) {
      for (const { intruder, mesh } of placed) {
        const { centre, heading } = intruderAt(intruder, t);
        mesh.position.set(centre.x, centre.y, centre.z);
        mesh.rotation.z = heading;
      }
    },
    dispose() {
      for (const { mesh } of placed) mesh.geometry.dispose();
      for (const material of materials.values()) material.dispose();
    },
  };
}
