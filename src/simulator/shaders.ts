// GLSL for the fetoscope's view. Everything is lit by one source, the light guide at the scope's tip: what is
// near and faces the tip is bright, what is far or seen at a slant is dim, and the amniotic fluid between
// absorbs and scatters (more so, and red-brown, after the tip has touched the plate and it bled). Too close, the
// light guide burns out the middle of the view; out of focus or through a fogged lens the plate's painting is read
// from a coarser level of its mipmaps (uBlur): a blur at the cost of none, no extra pass.
import { BLANCH } from '../domain/simulator/index.ts';

/** The cotyledons' relief: noise cells per mm (one bulge about every 1 / scale mm) and how far their slopes tilt the light. */
const COTYLEDON_SCALE = 0.05;
const COTYLEDON_TILT = 2.5;

/** Side of the noise texture in texels; noise(p) has one random value per unit of p, like hashed value noise. */
export const NOISE_PX = 128;

const LIGHT = /* glsl */ `
uniform vec3 uTip;
uniform vec3 uLook;
uniform float uMurk;
uniform float uExposure;
uniform vec3 uEyepiece;
uniform float uBlur;
// The eyepiece: the round field stop and the vignette towards it, from the pixel's place in the image (centre
// and radius in uEyepiece, drawing-buffer pixels), so no second full-screen pass is needed.
float eyepiece() {
  float r = length(gl_FragCoord.xy - uEyepiece.xy) / uEyepiece.z;
  return (1.0 - smoothstep(0.955, 0.985, r)) * (1.0 - 0.5 * smoothstep(0.45, 0.97, r));
}
vec3 fetoscopeLight(vec3 albedo, vec3 pos, vec3 normal) {
  vec3 toTip = uTip - pos;
  float d = max(length(toTip), 0.5);
  vec3 l = toTip / d;
  float facing = max(dot(normal, l), 0.0);
  // The light guide's beam is wide but brightest along the line of sight.
  float beam = 0.3 + 0.7 * smoothstep(0.3, 0.95, dot(-l, uLook));
  float e = uExposure * facing * beam / (d * d);
  vec3 lit = albedo * (1.0 - exp(-e));
  // A few millimetres off the tissue the light guide over-exposes what faces it: a washed-out glare.
  lit = mix(lit, vec3(1.0, 0.97, 0.9), 0.45 * smoothstep(40.0, 400.0, e));
  // Wet tissue glints where it faces the tip squarely.
  lit += vec3(0.95, 0.93, 0.86) * pow(facing, 40.0) * 0.16 * min(e, 1.0);
  float through = exp(-d * mix(0.008, 0.1, uMurk));
  vec3 fluid = mix(vec3(0.40, 0.38, 0.22), vec3(0.30, 0.07, 0.04), uMurk);
  return (lit * through + fluid * (0.12 + 0.3 * uMurk) * (1.0 - through)) * eyepiece();
}
`;

/** Value noise from a small tiling texture (one random value a texel): far cheaper than hashing in the shader. */
const NOISE = /* glsl */ `
uniform sampler2D uNoise;
float noise(vec2 p) { return texture2D(uNoise, p * ${(1 / NOISE_PX).toFixed(7)}).r; }
`;

/** World position (and normal, uv) for the lit surfaces. */
export const WORLD_VERTEX = /* glsl */ `
varying vec3 vPos;
varying vec3 vNormal;
varying vec2 vUv;
void main() {
  vec4 world = modelMatrix * vec4(position, 1.0);
  vPos = world.xyz;
  vNormal = normalize(mat3(modelMatrix) * normal);
  vUv = uv;
  gl_Position = projectionMatrix * viewMatrix * world;
}
`;

/**
 * The floor of the cavity: the painted placenta, blanched by each cell's fluence over its own seal threshold
 * (partly while heating, fully once sealed), and wall around it. The plate's surface is not flat: cotyledons
 * bulge between shallow grooves (a low-frequency relief whose slope tilts the normal the light reads).
 */
export const FLOOR_FRAGMENT = /* glsl */ `
uniform sampler2D uMap;
uniform sampler2D uFluence;
uniform float uExtent;
uniform vec2 uGrid;
varying vec3 vPos;
${LIGHT}
${NOISE}
vec4 bspline(float v) {
  vec4 n = vec4(1.0, 2.0, 3.0, 4.0) - v;
  vec4 s = n * n * n;
  float x = s.x;
  float y = s.y - 4.0 * s.x;
  float z = s.z - 4.0 * s.y + 6.0 * s.x;
  return vec4(x, y, z, 6.0 - x - y - z) / 6.0;
}
// The 1 mm grid of fluence over threshold, read through a cubic B-spline (four bilinear reads), so burns have round edges, not the
// squares and diamonds bilinear filtering draws.
float fluenceAt(vec2 p) {
  vec2 texel = p + uGrid.y;
  vec2 f = fract(texel);
  texel -= f;
  vec4 wx = bspline(f.x);
  vec4 wy = bspline(f.y);
  vec4 c = texel.xxyy + vec2(-0.5, 1.5).xyxy;
  vec4 sum = vec4(wx.xz + wx.yw, wy.xz + wy.yw);
  vec4 at = (c + vec4(wx.yw, wy.yw) / sum) / uGrid.x;
  float a = texture2D(uFluence, at.xz).r;
  float b = texture2D(uFluence, at.yz).r;
  float d = texture2D(uFluence, at.xw).r;
  float e = texture2D(uFluence, at.yw).r;
  float sx = sum.x / (sum.x + sum.y);
  float sy = sum.z / (sum.z + sum.w);
  return mix(mix(e, d, sx), mix(b, a, sx), sy);
}
void main() {
  vec2 p = vPos.xy;
  // The painted canvas is uploaded as it is, top row first and premultiplied (the cheapest copy), so y is
  // flipped here and the plate's colour comes already weighted by its coverage.
  vec4 painted = texture2D(uMap, vec2(p.x, -p.y) / (2.0 * uExtent) + 0.5, uBlur);
  float n = noise(p * 1.7);
  float inside = step(abs(p.x), uExtent) * step(abs(p.y), uExtent);
  vec3 wall = mix(vec3(0.70, 0.50, 0.48), vec3(0.85, 0.69, 0.63), noise(p * 0.08));
  vec3 albedo = wall * (1.0 - painted.a * inside) + painted.rgb * inside;
  albedo *= 0.94 + 0.12 * n;
  // Bytes of ${BLANCH.sealedTexel} and up are sealed; half a step below still counts, for the texture's rounding.
  float r = fluenceAt(p) * ${(255 / BLANCH.sealedTexel).toFixed(6)};
  float sealed = step(${(1 - 0.5 / BLANCH.sealedTexel).toFixed(6)}, r);
  float pale = mix(${BLANCH.partialPale.toFixed(3)} * r, 1.0, sealed);
  // Heating darkens the tissue a little before it pales: blood cooking in the vessel.
  albedo *= 1.0 - 0.3 * smoothstep(0.0, 0.3, r) * (1.0 - sealed);
  albedo = mix(albedo, vec3(0.80, 0.74, 0.64), 0.9 * pale);
  albedo = mix(albedo, vec3(0.52, 0.42, 0.34), 0.5 * smoothstep(2.5, 3.9, r * (0.85 + 0.3 * n)));
  // Cotyledons some 2 cm across: the relief's slope from two more reads of the noise, on the plate only.
  vec2 q = p * ${COTYLEDON_SCALE.toFixed(3)};
  float h = noise(q);
  vec2 slope = vec2(noise(q + vec2(0.35, 0.0)) - h, noise(q + vec2(0.0, 0.35)) - h) * ${COTYLEDON_TILT.toFixed(2)};
  vec3 normal = normalize(vec3(-slope * painted.a * inside, 1.0));
  gl_FragColor = vec4(fetoscopeLight(albedo, vPos, normal), 1.0);
}
`;

/**
 * The uterine wall over the cavity, seen from inside, and the umbilical cords (pearly Wharton's jelly with the
 * vessels coiling inside): one program for both, told apart by uCord, since each program costs a software
 * renderer a compilation before the first frame.
 */
export const WALL_FRAGMENT = /* glsl */ `
uniform vec3 uCentre;
uniform float uCord;
varying vec3 vPos;
varying vec3 vNormal;
varying vec2 vUv;
${LIGHT}
${NOISE}
void main() {
  vec3 albedo;
  vec3 normal;
  if (uCord > 1.5) {
    // A limb (2): skin; the membrane's fold (3): thin, pale and glistening.
    float n = noise(vPos.xy * 0.4 + vPos.z * 0.2);
    albedo = uCord > 2.5 ? mix(vec3(0.78, 0.78, 0.74), vec3(0.90, 0.88, 0.84), n) : mix(vec3(0.86, 0.60, 0.54), vec3(0.93, 0.70, 0.64), n);
    normal = faceforward(normalize(vNormal), vPos - uTip, normalize(vNormal));
  } else if (uCord > 0.5) {
    float coil = smoothstep(0.5, 0.95, sin((vUv.y * 3.0 + vUv.x * 18.0) * 6.2831853) * 0.5 + 0.5);
    albedo = mix(vec3(0.88, 0.86, 0.88), vec3(0.48, 0.24, 0.36), 0.55 * coil);
    normal = faceforward(normalize(vNormal), vPos - uTip, normalize(vNormal));
  } else {
    float n = noise(vPos.xy * 0.06 + vPos.z * 0.05) * 0.6 + noise(vPos.yz * 0.3) * 0.4;
    albedo = mix(vec3(0.72, 0.54, 0.52), vec3(0.88, 0.74, 0.70), n);
    normal = normalize(uCentre - vPos);
  }
  gl_FragColor = vec4(fetoscopeLight(albedo, vPos, normal), uCord > 2.5 ? 0.55 : 1.0);
}
`;

export const BEAM_VERTEX = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
`;

/**
 * The laser's footprint on the plate, added to the scene: a bright rim the size of the spot, a core over it and a
 * soft halo, each as bright as its uniform (markers.ts, BEAM_LOOK: the aiming beam is a rim alone).
 */
export const BEAM_FRAGMENT = /* glsl */ `
uniform vec3 uColour;
uniform float uHalo;
uniform float uCore;
uniform float uRim;
uniform float uGlow;
varying vec2 vUv;
void main() {
  float r = length(vUv - 0.5) * 2.0 * uHalo;
  float core = uCore * (1.0 - smoothstep(0.8, 1.0, r));
  float rim = uRim * exp(-((r - 0.9) * (r - 0.9)) / 0.012);
  float glow = uGlow * exp(-2.5 * r * r);
  gl_FragColor = vec4(uColour * (core + rim + glow), 1.0);
}
`;

export const OVERLAY_VERTEX = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = vec4(position.xy, 0.0, 1.0);
}
`;

/**
 * Drawn last over the whole canvas, premultiplied (colour added, the scene kept by alpha), and only while there
 * is something to show: blood clouding the fluid after a contact, a milky film of smudges on a fogged lens
 * (never more than about half the view's contrast), and the glow while the laser fires.
 */
export const OVERLAY_FRAGMENT = /* glsl */ `
uniform float uMurk;
uniform float uFog;
uniform float uTime;
uniform float uFiring;
varying vec2 vUv;
${NOISE}
void main() {
  vec2 p = vUv * 2.0 - 1.0;
  float r = length(p);
  float open = 1.0 - smoothstep(0.955, 0.985, r);
  float cloud = 0.6 * noise(p * 3.0 + uTime * vec2(0.05, 0.03)) + 0.4 * noise(p * 7.0 - uTime * vec2(0.04, -0.02));
  float murk = uMurk * (0.3 + 0.5 * cloud) * open;
  float smudge = 0.5 + 0.5 * noise(p * 5.0 + 31.0);
  float film = uFog * 0.5 * smudge * open;
  vec3 add = vec3(0.30, 0.07, 0.04) * murk + vec3(0.62, 0.60, 0.55) * film + vec3(1.0, 0.55, 0.4) * 0.14 * uFiring * open * exp(-5.0 * r * r);
  gl_FragColor = vec4(add, (1.0 - murk) * (1.0 - film));
}
`;
