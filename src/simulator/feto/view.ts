// The FETO view in three.js: a camera at the fetoscope's tip looking down the airway. The lumen is a tube turned
// from the model's radii (mucosa texture, lit by the light guide at the tip, so it darkens with distance), the
// epiglottis a flap over the inlet, the vocal cords a slit that opens and closes with fetal breathing, the carina a
// ridge between the two dark bronchi, and the balloon where the model put it.
import {
  CircleGeometry,
  DoubleSide,
  LatheGeometry,
  LinearSRGBColorSpace,
  Mesh,
  PerspectiveCamera,
  Scene,
  ShaderMaterial,
  SphereGeometry,
  Vector2,
  Vector3,
  WebGLRenderer,
  type DataTexture,
} from 'three';
import type { FetoOutcome } from '../../domain/airway/attempt.ts';
import { centreOffsetMm, cordsOpening, FETOSCOPE, type Airway } from '../../domain/airway/model.ts';
import { noiseTexture } from '../anatomy.ts';

/** A wide-angle fetoscope lens, as the laser view's. */
const FOV_DEGREES = 75;
/** Light at 1 mm from a surface facing the tip: bright at 2–3 mm, dim at 1 cm, dark beyond 2 cm. */
const EXPOSURE = 60;

/** The drawn shapes: the fragment shader cuts each from its disc or colours its wall. */
const SHAPE = { wall: 0, epiglottis: 1, cords: 2, carina: 3, balloon: 4 } as const;

const VERTEX = /* glsl */ `
varying vec3 vWorld;
varying vec3 vNormal;
varying vec2 vUv;
varying vec2 vLocal;
void main() {
  vec4 world = modelMatrix * vec4(position, 1.0);
  vWorld = world.xyz;
  vNormal = normalize(mat3(modelMatrix) * normal);
  vUv = uv;
  vLocal = position.xy;
  gl_Position = projectionMatrix * viewMatrix * world;
}`;

const FRAGMENT = /* glsl */ `
uniform vec3 uTip;
uniform vec3 uLook;
uniform vec3 uEyepiece;
uniform float uExposure;
uniform sampler2D uNoise;
uniform vec3 uColor;
uniform int uShape;
uniform float uRadius;
uniform float uOpen;
varying vec3 vWorld;
varying vec3 vNormal;
varying vec2 vUv;
varying vec2 vLocal;
void main() {
  vec3 albedo = uColor;
  vec2 p = vLocal;
  if (uShape == 1) {
    // The epiglottis: the upper part of the inlet, its free edge curved.
    if (p.y < 0.15 * uRadius + 0.25 * p.x * p.x / uRadius) discard;
  } else if (uShape == 2) {
    // The glottis: an elliptic slit as wide as the model's opening; the pale cords on either side of it.
    float slit = (p.x * p.x) / max(uOpen * uOpen, 0.0004) + (p.y * p.y) / (0.64 * uRadius * uRadius);
    if (slit < 1.0) discard;
    float cord = smoothstep(uOpen + 0.9, uOpen + 0.5, abs(p.x)) * step(abs(p.y), 0.8 * uRadius);
    albedo = mix(albedo, vec3(0.93, 0.88, 0.82), cord);
  } else if (uShape == 3) {
    // The carina: a pale ridge between the two main bronchi's openings (dark: the light does not reach down them).
    vec2 q = vec2(abs(p.x) - 0.5 * uRadius, p.y);
    if (length(q) < 0.4 * uRadius) discard;
    albedo = mix(albedo, vec3(0.9, 0.82, 0.8), smoothstep(0.2 * uRadius, 0.0, abs(p.x)));
  }
  vec2 uv = uShape == 0 ? vUv * vec2(6.0, 60.0) : p * 0.8;
  float fine = texture2D(uNoise, uv).r;
  float coarse = texture2D(uNoise, uv * 0.23 + 0.37).r;
  // Mucosa: mottled, with fine vessels where the coarse noise crosses its middle.
  albedo *= 0.78 + 0.34 * fine;
  if (uShape != 4) albedo = mix(albedo, vec3(0.62, 0.1, 0.12), 0.55 * (1.0 - smoothstep(0.0, 0.025, abs(coarse - 0.5))));
  vec3 toTip = uTip - vWorld;
  float d = max(length(toTip), 0.3);
  vec3 l = toTip / d;
  vec3 n = normalize(gl_FrontFacing ? vNormal : -vNormal);
  float facing = abs(dot(n, l));
  float beam = 0.35 + 0.65 * smoothstep(0.2, 0.95, dot(-l, uLook));
  float e = uExposure * (0.25 + 0.75 * facing) * beam / (d * d);
  vec3 lit = albedo * (1.0 - exp(-e));
  // Wet mucosa and the balloon's silicone glint where they face the tip.
  lit += vec3(0.5) * pow(facing, uShape == 4 ? 12.0 : 40.0) * min(1.0, e);
  float r = length(gl_FragCoord.xy - uEyepiece.xy) / uEyepiece.z;
  float stop = (1.0 - smoothstep(0.955, 0.985, r)) * (1.0 - 0.5 * smoothstep(0.45, 0.97, r));
  gl_FragColor = vec4(lit * stop, uShape == 4 ? 0.8 : 1.0);
}`;

export interface AirwayView {
  render(state: FetoOutcome, tMs: number): void;
  resize(size: number, pixelRatio: number): void;
  dispose(): void;
}

/** The lumen's drawn radius at a depth: the model's, eased over a couple of millimetres at each change. */
function drawnRadius(airway: Airway, depth: number): number {
  const { landmarks, mouthOpeningMm, tracheaDiameterMm } = airway;
  const pharynx = Math.max(tracheaDiameterMm, mouthOpeningMm) / 2 + 1;
  const ease = (a: number, b: number, from: number, to: number) => {
    const k = Math.min(1, Math.max(0, (depth - from) / (to - from)));
    return a + (b - a) * k * k * (3 - 2 * k);
  };
  if (depth < landmarks.tongueBase) return ease(mouthOpeningMm / 2 + 0.6, pharynx, landmarks.tongueBase - 4, landmarks.tongueBase);
  if (depth < landmarks.cords) return ease(pharynx, tracheaDiameterMm / 2 + 0.3, landmarks.cords - 3, landmarks.cords);
  return ease(tracheaDiameterMm / 2 + 0.3, tracheaDiameterMm / 2, landmarks.cords, landmarks.cords + 2);
}

/** The tube, from the lips to the carina, turned about the line of sight (depth along -z) and bent as the pharynx is. */
export function airwayTube(airway: Airway): LatheGeometry {
  const profile: Vector2[] = [];
  for (let d = -1; d <= airway.landmarks.carina + 0.01; d += 0.5) profile.push(new Vector2(drawnRadius(airway, d), d));
  const tube = new LatheGeometry(profile, 48);
  tube.rotateX(-Math.PI / 2);
  bend(tube, airway);
  return tube;
}

/**
 * Bends the tube as the model bends the pharynx (`centreOffsetMm`): each point raised by the centre line's offset at
 * its depth, and its normal turned to match (for y = y0 + f(depth) with depth = -z, n becomes (nx, ny, nz + f'·ny)).
 */
function bend(tube: LatheGeometry, airway: Airway): void {
  const position = tube.getAttribute('position');
  const normal = tube.getAttribute('normal');
  const n = new Vector3();
  for (let i = 0; i < position.count; i += 1) {
    const depth = -position.getZ(i);
    const slope = (centreOffsetMm(airway, depth + 0.05) - centreOffsetMm(airway, depth - 0.05)) / 0.1;
    position.setY(i, position.getY(i) + centreOffsetMm(airway, depth));
    n.set(normal.getX(i), normal.getY(i), normal.getZ(i) + slope * normal.getY(i)).normalize();
    normal.setXYZ(i, n.x, n.y, n.z);
  }
}

/** Builds the view on a canvas; throws when WebGL is unavailable, so the page can say so. */
export function createAirwayView(canvas: HTMLCanvasElement, airway: Airway, seed: number): AirwayView {
  const renderer = new WebGLRenderer({ canvas, antialias: false, alpha: false, powerPreference: 'high-performance' });
  renderer.outputColorSpace = LinearSRGBColorSpace;
  const scene = new Scene();
  const camera = new PerspectiveCamera(FOV_DEGREES, 1, 0.05, 80);
  const noise: DataTexture = noiseTexture(seed);
  const shared = {
    uTip: { value: new Vector3() },
    uLook: { value: new Vector3(0, 0, -1) },
    uEyepiece: { value: new Vector3(1, 1, 1) },
    uExposure: { value: EXPOSURE },
    uNoise: { value: noise },
  };
  const material = (shape: number, color: [number, number, number], radius = 1, transparent = false) =>
    new ShaderMaterial({
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      side: DoubleSide,
      transparent,
      uniforms: { ...shared, uColor: { value: new Vector3(...color) }, uShape: { value: shape }, uRadius: { value: radius }, uOpen: { value: 0 } },
    });
  const { landmarks, tracheaDiameterMm } = airway;
  const mucosa: [number, number, number] = [0.86, 0.46, 0.44];

  const wall = new Mesh(airwayTube(airway), material(SHAPE.wall, mucosa));

  const disc = (radius: number, depth: number, shape: number, color: [number, number, number]) => {
    const mesh = new Mesh(new CircleGeometry(radius, 48), material(shape, color, radius));
    mesh.position.z = -depth;
    return mesh;
  };
  const epiglottis = disc(drawnRadius(airway, landmarks.epiglottis), landmarks.epiglottis, SHAPE.epiglottis, [0.9, 0.55, 0.52]);
  const cordsRadius = drawnRadius(airway, landmarks.cords);
  const cords = disc(cordsRadius, landmarks.cords, SHAPE.cords, [0.84, 0.5, 0.48]);
  const carina = disc(tracheaDiameterMm / 2 + 0.05, landmarks.carina, SHAPE.carina, mucosa);

  const balloon = new Mesh(new SphereGeometry(1, 32, 16), material(SHAPE.balloon, [0.95, 0.92, 0.78], 1, true));
  balloon.visible = false;
  scene.add(wall, epiglottis, cords, carina, balloon);
  for (const mesh of [wall, cords]) renderer.compile(mesh, camera, scene);
  const cordUniforms = (cords.material as ShaderMaterial).uniforms;
  const look = new Vector3();

  return {
    render(state, tMs) {
      const { tip, balloon: b } = state;
      // The tip's pose is measured from the (bent) centre line; the scene is drawn bent, so it sits that much higher.
      const centre = centreOffsetMm(airway, tip.depth);
      camera.position.set(tip.x, tip.y + centre, -tip.depth);
      camera.lookAt(look.set(tip.x * 0.6, tip.y * 0.6 + centre, -tip.depth - 10));
      shared.uTip.value.copy(camera.position);
      camera.getWorldDirection(shared.uLook.value);
      // The slit's half-width: the model's opening of the cords (the sheath passes when it is as wide as the sheath).
      cordUniforms['uOpen']!.value = (cordsOpening(airway, tMs) * (tracheaDiameterMm + 0.4)) / 2;
      balloon.visible = b !== null && !b.punctured;
      if (b && !b.punctured) {
        const r = (tracheaDiameterMm / 2) * 0.95;
        const length = Math.max(r, 4 + 8 * b.volumeMl);
        balloon.scale.set(r, r, length / 2);
        balloon.position.set(0, 0, -(b.depth + FETOSCOPE.sheathDiameterMm / 2 + length / 2));
      }
      renderer.render(scene, camera);
    },
    resize(size, pixelRatio) {
      renderer.setPixelRatio(pixelRatio);
      renderer.setSize(size, size, false);
      const px = renderer.getDrawingBufferSize(new Vector2());
      shared.uEyepiece.value.set(px.x / 2, px.y / 2, px.x / 2);
    },
    dispose() {
      noise.dispose();
      renderer.dispose();
    },
  };
}
