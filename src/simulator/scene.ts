// The fetoscope view in three.js: the scene is built once per case; render() only moves and updates it.
import {
  AdditiveBlending,
  CanvasTexture,
  InstancedMesh,
  LinearSRGBColorSpace,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  OrthographicCamera,
  PlaneGeometry,
  Scene,
  ShaderMaterial,
  WebGLRenderTarget,
  WebGLRenderer,
} from 'three';
import { SCOPE, type Placenta, type SimState } from '../domain/simulator/index.ts';
import { PAINT_EXTENT, paintPlacenta } from './paint.ts';
import { POST_FRAGMENT, POST_VERTEX } from './post.ts';

/** More spots than a careful Solomon line needs; beyond it the oldest stay drawn and the new ones are not. */
const MAX_SPOTS = 4096;
/** Half the width of the square view, in placental radii: the round image shows the scope's field of view. */
const VIEW_HALF = SCOPE.fieldOfView * 1.05;
/** Share of the spot texture's radius the burnt area covers (the rest is its soft rim). */
const SPOT_CORE = 0.8;

function radialTexture(stops: [number, string][], size = 128): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  const g = ctx.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
  for (const [at, color] of stops) g.addColorStop(at, color);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, size, size);
  return new CanvasTexture(canvas);
}

export interface FetoscopeView {
  render(state: SimState, timeMs: number): void;
  resize(width: number, height: number, pixelRatio: number): void;
  dispose(): void;
}

/** Builds the view on a canvas; throws when WebGL is unavailable, so the page can say so. */
export function createFetoscopeView(canvas: HTMLCanvasElement, placenta: Placenta, options: { reducedMotion: boolean }): FetoscopeView {
  const renderer = new WebGLRenderer({ canvas, antialias: false, alpha: false, powerPreference: 'high-performance' });
  renderer.outputColorSpace = LinearSRGBColorSpace;
  const scene = new Scene();
  const camera = new OrthographicCamera(-VIEW_HALF, VIEW_HALF, VIEW_HALF, -VIEW_HALF, -10, 10);
  camera.position.z = 5;

  const textureSize = Math.min(2048, renderer.capabilities.maxTextureSize);
  const surface = new CanvasTexture(paintPlacenta(placenta, textureSize));
    const plate = new Mesh(new PlaneGeometry(2 * PAINT_EXTENT, 2 * PAINT_EXTENT), new MeshBasicMaterial({ map: surface }));
  scene.add(plate);

  // Coagulated tissue whitens to a pale grey-yellow with a dark brown rim.
  const spotTexture = radialTexture([
    [0, 'rgba(214, 200, 176, 1)'],
    [0.3, 'rgba(196, 178, 150, 0.97)'],
    [0.6, 'rgba(150, 112, 90, 0.92)'],
    [SPOT_CORE, 'rgba(80, 34, 28, 0.8)'],
    [1, 'rgba(95, 40, 30, 0)'],
  ]);
  const spots = new InstancedMesh(
    new PlaneGeometry(1, 1),
    new MeshBasicMaterial({ map: spotTexture, transparent: true, depthWrite: false }),
    MAX_SPOTS,
  );
  spots.count = 0;
  spots.frustumCulled = false;
  spots.position.z = 0.01;
  scene.add(spots);
  let drawnSpots = 0;
  const matrix = new Matrix4();

  const beamTexture = radialTexture([
    [0, 'rgba(200, 255, 200, 1)'],
    [0.18, 'rgba(60, 255, 90, 0.95)'],
    [0.45, 'rgba(30, 190, 60, 0.3)'],
    [1, 'rgba(20, 120, 40, 0)'],
  ]);
  const beam = new Mesh(
    new PlaneGeometry(1, 1),
    new MeshBasicMaterial({ map: beamTexture, transparent: true, blending: AdditiveBlending, depthWrite: false }),
  );
  beam.position.z = 0.02;
  beam.visible = false;
  scene.add(beam);

  const target = new WebGLRenderTarget(1, 1);
  const uniforms = {
    tScene: { value: target.texture },
    uTime: { value: 0 },
    uMotion: { value: options.reducedMotion ? 0 : 1 },
    uFiring: { value: 0 },
  };
  const post = new Mesh(
    new PlaneGeometry(2, 2),
    new ShaderMaterial({ vertexShader: POST_VERTEX, fragmentShader: POST_FRAGMENT, uniforms, depthTest: false, depthWrite: false }),
  );
  post.frustumCulled = false;
  const postScene = new Scene();
  postScene.add(post);
  const postCamera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  let firstFrame = true;

  return {
    render(state, timeMs) {
      const { scope } = state;
      camera.position.x = scope.x;
      camera.position.y = scope.y;
      // Spots are only appended, and only the last one grows: redraw from the last drawn one onwards.
      const total = Math.min(MAX_SPOTS, state.spots.length);
      for (let i = Math.max(0, drawnSpots - 1); i < total; i += 1) {
        const spot = state.spots[i]!;
        const size = (2 * spot.radius) / SPOT_CORE;
        matrix.makeScale(size, size, 1).setPosition(spot.position.x, spot.position.y, 0);
        spots.setMatrixAt(i, matrix);
      }
      if (total > 0) spots.instanceMatrix.needsUpdate = true;
      spots.count = total;
      drawnSpots = total;

      const firing = state.laserOn && state.firing;
      beam.visible = state.laserOn && state.finishedAt === null;
      const flicker = options.reducedMotion ? 1 : 0.9 + 0.1 * Math.sin(timeMs * 0.05);
      const beamSize = (firing ? 0.03 : 0.016) * flicker;
      beam.scale.set(beamSize, beamSize, 1);
      beam.position.x = scope.x;
      beam.position.y = scope.y;
      uniforms.uTime.value = timeMs / 1000;
      uniforms.uFiring.value = firing ? 1 : 0;

      renderer.setRenderTarget(target);
      renderer.render(scene, camera);
      renderer.setRenderTarget(null);
      renderer.render(postScene, postCamera);
      if (firstFrame) {
        firstFrame = false;
        performance.mark('simulator:first-frame');
      }
    },
    resize(width, height, pixelRatio) {
      renderer.setPixelRatio(pixelRatio);
      renderer.setSize(width, height, false);
      target.setSize(Math.round(width * pixelRatio), Math.round(height * pixelRatio));
    },
    dispose() {
      renderer.dispose();
      target.dispose();
      surface.dispose();
    },
  };
}
