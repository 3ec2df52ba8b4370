// The fetoscope's view in three.js: a perspective camera at the scope's tip, looking where its optics look. The
// scene is built once per launch; render() moves the camera and updates a few uniforms.
import { LinearSRGBColorSpace, PerspectiveCamera, Scene, Vector2, Vector3, WebGLRenderer } from 'three';
import { defocus, fogAt, turbidityAt, viewOf, visibleTargets, type Scenario, type ScopeKind, type SimState } from '../domain/simulator/index.ts';
import { createAnatomy, noiseTexture } from './anatomy.ts';
import { createIntruders } from './intruders.ts';
import { createBeam, createOverlay, createTargets } from './markers.ts';
import { createPlateMarks } from './plate-marks.ts';

/** The fetoscope's field of view (vertical = horizontal, the image is round): a wide-angle lens, as fetoscopes have. */
const FOV_DEGREES = 75;
/**
 * Light at 1 mm for a surface facing the tip; it falls with the square of the distance, so the plate is bright
 * at 1-2 cm, half as bright at about 6 cm and dark beyond 10 cm, as through a real fetoscope.
 */
const EXPOSURE = 2400;
/** After a contact the fluid clears over this long (ms of surgery time). */
export const MURK_CLEARS_MS = 18_000;
/** Mipmap levels the plate's painting is read coarser by, fully out of focus and through a fully fogged lens. */
const DEFOCUS_LOD = 4;
const FOG_LOD = 2;
/** The fluence texture is refreshed at most this often while firing (ms of wall time). */
const FLUENCE_EVERY_MS = 100;

export interface FetoscopeView {
  /** Draws the state; `scope` is the optics to show before the fetoscopy opens (the intro's choice). */
  render(state: SimState, scope: ScopeKind, now: number): void;
  resize(size: number, pixelRatio: number): void;
  /** Swaps the first frame's smaller placenta texture for the full-size one; the caller draws again. */
  sharpen(): void;
  dispose(): void;
}

/** How blurred the plate is, in mipmap levels: out of focus at `distanceMm` from the plate, or through the fog on the lens. */
const blurOf = (distanceMm: number, fog: number): number => Math.max(DEFOCUS_LOD * defocus(distanceMm), FOG_LOD * fog);

/** How clouded the fluid is, 0-1: thick while the tip touches the plate, clearing over MURK_CLEARS_MS after, never below the blood that stays. */
export function murkOf(state: SimState): number {
  if (state.inContact) return 1;
  // The blood that stays in the fluid (turbidity.ts) dims and reddens the view as long as it is there.
  const blood = turbidityAt(state, state.t);
  if (state.lastContactAt === null) return blood;
  const left = 1 - (state.t - state.lastContactAt) / MURK_CLEARS_MS;
  return Math.max(blood, left > 0 ? Math.sqrt(left) : 0);
}

/** Builds the view on a canvas; throws when WebGL is unavailable, so the page can say so. */
export function createFetoscopeView(canvas: HTMLCanvasElement, scenario: Scenario, options: { reducedMotion: boolean }): FetoscopeView {
  const renderer = new WebGLRenderer({ canvas, antialias: false, alpha: false, powerPreference: 'high-performance' });
  // The shaders write display values directly.
  renderer.outputColorSpace = LinearSRGBColorSpace;
  const scene = new Scene();
  const camera = new PerspectiveCamera(FOV_DEGREES, 1, 0.3, 600);
  const light = {
    uTip: { value: new Vector3() },
    uLook: { value: new Vector3() },
    uMurk: { value: 0 },
    uExposure: { value: EXPOSURE },
    uEyepiece: { value: new Vector3(1, 1, 1) },
    uBlur: { value: 0 },
  };
  const noise = noiseTexture(scenario.seed);
  const anatomy = createAnatomy(scenario, light, noise, renderer.capabilities.getMaxAnisotropy());
  const beam = createBeam();
  const targets = createTargets(scenario.targets);
  const overlay = createOverlay(noise);
  const marks = createPlateMarks();
  const intruders = createIntruders(scenario, light, noise);
  scene.add(...anatomy.meshes, ...intruders.meshes, beam.mesh, ...targets.objects, marks.group, overlay.mesh);
  // Sent to the GPU process now, so it compiles and links the anatomy's programs and uploads the placenta while
  // this page builds its instruments and lays itself out, instead of stalling the first frame. (The markers'
  // programs compile when they first show.)
  for (const mesh of anatomy.meshes) renderer.compile(mesh, camera, scene);
  renderer.initTexture(anatomy.map);
  renderer.getContext().flush();
  const radius = scenario.placenta.radiusMm;
  const target = new Vector3();
  const buffer = new Vector2();
  let fluenceAt = -Infinity;
  let wasFiring = false;

  return {
    render(state, scope, now) {
      const view = viewOf(state.pose, state.trocar, state.scope ?? scope, radius);
      camera.position.set(view.tip.x, view.tip.y, view.tip.z);
      camera.up.set(view.up.x, view.up.y, view.up.z);
      camera.lookAt(target.set(view.tip.x + view.look.x, view.tip.y + view.look.y, view.tip.z + view.look.z));
      light.uTip.value.copy(camera.position);
      light.uLook.value.set(view.look.x, view.look.y, view.look.z);
      const murk = murkOf(state);
      light.uMurk.value = murk;
      const fog = fogAt(state, state.t);
      light.uBlur.value = blurOf(view.aim?.distanceMm ?? view.tip.z, fog);

      const open = state.openedAt !== null && state.finishedAt === null;
      const firing = open && state.laserOn && state.firing;
      beam.update(open && state.laserOn ? view.aim : null, view.look, firing);
      targets.update(visibleTargets(state)[0]?.index ?? null, view.up);
      marks.update(state.marks, state.pendingMark, view.up, firing);
      intruders.update(state.t);
      // The grid changes only while firing: copy it a few times a second then, and once more when firing stops.
      if ((firing && now - fluenceAt >= FLUENCE_EVERY_MS) || (wasFiring && !firing)) {
        anatomy.updateFluence(state.fluence);
        fluenceAt = now;
      }
      wasFiring = firing;
      const u = overlay.uniforms;
      u.uMurk.value = murk;
      u.uFog.value = fog;
      u.uTime.value = options.reducedMotion ? 0 : state.t / 1000;
      u.uFiring.value = firing ? 1 : 0;
      // A full-canvas blended pass is costly where WebGL runs on the CPU: drawn only while it shows something.
      overlay.mesh.visible = murk > 0 || fog > 0 || firing;
      renderer.render(scene, camera);
    },
    resize(size, pixelRatio) {
      renderer.setPixelRatio(pixelRatio);
      renderer.setSize(size, size, false);
      const px = renderer.getDrawingBufferSize(buffer);
      light.uEyepiece.value.set(px.x / 2, px.y / 2, px.x / 2);
    },
    sharpen() {
      anatomy.sharpen();
      renderer.initTexture(anatomy.map);
    },
    dispose() {
      anatomy.dispose();
      intruders.dispose();
      marks.dispose();
      noise.dispose();
      renderer.dispose();
    },
  };
}
