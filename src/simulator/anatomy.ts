// The cavity the fetoscope looks into, in the model's millimetres (plate in z = 0, cavity above): the floor with
// the painted placenta and the fluence grid, the uterine wall's dome, and the two umbilical cords.
import {
  CanvasTexture,
  CatmullRomCurve3,
  CircleGeometry,
  DataTexture,
  DoubleSide,
  LinearFilter,
  LinearMipmapLinearFilter,
  Mesh,
  RedFormat,
  RepeatWrapping,
  ShaderMaterial,
  SphereGeometry,
  TubeGeometry,
  UnsignedByteType,
  Vector3,
  type IUniform,
} from 'three';
import { blanchTexels, CORD_RADIUS_MM, createRng, sealThresholds, type Placenta, type Scenario } from '../domain/simulator/index.ts';
import { paintPlacenta, PAINT_EXTENT_MM } from './paint.ts';
import { FLOOR_FRAGMENT, NOISE_PX, WALL_FRAGMENT, WORLD_VERTEX } from './shaders.ts';

/**
 * Size of the painted texture: 0.15 mm a pixel, painted in about a tenth of a second on a CPU. The first frame
 * shows a quarter of the pixels (0.3 mm each, sharp from where the scope starts), painted and uploaded in a
 * fraction of that time; sharpen() paints the full size once that frame is on screen.
 */
const TEXTURE_PX = 1024;
const FIRST_TEXTURE_PX = 512;
/** The wall: a sphere cut by the plate's plane, wide enough to hold every trocar entry and every reachable tip. */
const DOME = { radius: 185, centreZ: -60 };

export type LightUniforms = Record<'uTip' | 'uLook' | 'uMurk' | 'uExposure' | 'uEyepiece' | 'uBlur', IUniform>;

/** The shaders' noise: one random value a texel, tiling, filtered linearly between texels. */
export function noiseTexture(seed: number): DataTexture {
  const rng = createRng(seed);
  const texels = Uint8Array.from({ length: NOISE_PX * NOISE_PX }, () => Math.floor(rng.next() * 256));
  const texture = new DataTexture(texels, NOISE_PX, NOISE_PX, RedFormat, UnsignedByteType);
  texture.wrapS = RepeatWrapping;
  texture.wrapT = RepeatWrapping;
  texture.magFilter = LinearFilter;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.generateMipmaps = true;
  texture.unpackAlignment = 1;
  texture.needsUpdate = true;
  return texture;
}

export interface Anatomy {
  meshes: Mesh[];
  /** The painted placenta, for the renderer to upload before the first frame. */
  readonly map: CanvasTexture;
  /** Repaints the placenta at full size, replacing the first, smaller texture (a new one: its storage is immutable). */
  sharpen(): void;
  /** Copies the model's fluence grid, over each cell's seal threshold, into the texture the floor blanches from. */
  updateFluence(fluence: Float64Array): void;
  dispose(): void;
}

function cordPath(rng: ReturnType<typeof createRng>, at: { x: number; y: number }): Vector3[] {
  const len = Math.hypot(at.x, at.y);
  const out = len > 5 ? { x: at.x / len, y: at.y / len } : rng.unitVector();
  const side = { x: -out.y, y: out.x };
  const sway = rng.range(-0.4, 0.4);
  // The cord leaves the plate steeply, then leans outwards, away from the middle where the scope works.
  return [0, 12, 35, 70, 110].map((z, i) => {
    const reach = [0, 3, 14, 38, 70][i]!;
    return new Vector3(at.x + out.x * reach + side.x * sway * reach, at.y + out.y * reach + side.y * sway * reach, z);
  });
}

/** The uterine wall: the dome over the plate, seen from inside. */
function createDome(light: LightUniforms, noise: DataTexture): Mesh {
  const domeGeometry = new SphereGeometry(DOME.radius, 64, 24, 0, Math.PI * 2, 0, Math.acos(-DOME.centreZ / DOME.radius) + 0.02);
  const dome = new Mesh(
    domeGeometry,
    new ShaderMaterial({
      vertexShader: WORLD_VERTEX,
      fragmentShader: WALL_FRAGMENT,
      uniforms: { ...light, uNoise: { value: noise }, uCentre: { value: new Vector3(0, 0, DOME.centreZ) }, uCord: { value: 0 } },
      // Both sides, as the cords: the same settings share one compiled program. From inside the dome every
      // line of sight meets it once, so drawing both sides costs nothing.
      side: DoubleSide,
    }),
  );
  // SphereGeometry's pole is +y; the cavity's "up" is +z.
  dome.rotation.x = Math.PI / 2;
  dome.position.z = DOME.centreZ;
  return dome;
}

/** The recipient's cord thick, the donor's thin: the first thing that tells the twins apart in the view. */
function createCords(placenta: Placenta, light: LightUniforms, noise: DataTexture): Mesh[] {
  const rng = createRng(placenta.seed ^ 0x27d4eb2f);
  const cordMaterial = new ShaderMaterial({
    vertexShader: WORLD_VERTEX,
    fragmentShader: WALL_FRAGMENT,
    uniforms: { ...light, uNoise: { value: noise }, uCentre: { value: new Vector3() }, uCord: { value: 1 } },
    side: DoubleSide,
  });
  return placenta.cords.map(
    (cord) => new Mesh(new TubeGeometry(new CatmullRomCurve3(cordPath(rng, cord.position)), 48, CORD_RADIUS_MM[cord.twin], 12), cordMaterial),
  );
}

export function createAnatomy(scenario: Scenario, light: LightUniforms, noise: DataTexture, maxAnisotropy: number): Anatomy {
  const { placenta, tissue } = scenario;
  const painted = (size: number) => {
    const texture = new CanvasTexture(paintPlacenta(placenta, size));
    texture.anisotropy = Math.min(8, maxAnisotropy);
    // The canvas's own layout: the browser copies it without flipping rows or dividing out alpha.
    texture.flipY = false;
    texture.premultiplyAlpha = true;
    return texture;
  };
  const uMap = { value: painted(FIRST_TEXTURE_PX) };
  let sharp = false;
  const cells = new Uint8Array(tissue.size * tissue.size);
  const thresholds = sealThresholds(placenta, tissue);
  const fluence = new DataTexture(cells, tissue.size, tissue.size, RedFormat, UnsignedByteType);
  fluence.magFilter = LinearFilter;
  fluence.minFilter = LinearFilter;
  // Rows of one byte a texel are not 4-byte aligned.
  fluence.unpackAlignment = 1;
  fluence.needsUpdate = true;

  const floor = new Mesh(
    new CircleGeometry(DOME.radius, 96),
    new ShaderMaterial({
      vertexShader: WORLD_VERTEX,
      fragmentShader: FLOOR_FRAGMENT,
      uniforms: {
        ...light,
        uNoise: { value: noise },
        uMap,
        uFluence: { value: fluence },
        uExtent: { value: PAINT_EXTENT_MM },
        uGrid: { value: [tissue.size, tissue.half] },
      },
    }),
  );

  const meshes = [floor, createDome(light, noise), ...createCords(placenta, light, noise)];
  return {
    meshes,
    get map() {
      return uMap.value;
    },
    sharpen() {
      if (sharp) return;
      sharp = true;
      const first = uMap.value;
      uMap.value = painted(TEXTURE_PX);
      first.dispose();
    },
    updateFluence(values) {
      blanchTexels(values, thresholds, cells);
      fluence.needsUpdate = true;
    },
    dispose() {
      for (const mesh of meshes) {
        mesh.geometry.dispose();
        (mesh.material as ShaderMaterial).dispose();
      }
      uMap.value.dispose();
      fluence.dispose();
    },
  };
}
