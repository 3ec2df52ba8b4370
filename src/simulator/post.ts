// The fetoscope's optics as one full-screen pass: wide-angle lens, the scope's own light falling off
// towards the edge, amniotic fluid haze with floating particles, the round eyepiece mask.

export const POST_VERTEX = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = vec4(position.xy, 0.0, 1.0);
}
`;

export const POST_FRAGMENT = /* glsl */ `
uniform sampler2D tScene;
uniform float uTime;
uniform float uMotion;
uniform float uFiring;
varying vec2 vUv;

float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }
float noise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), u.x), mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), u.x), u.y);
}

void main() {
  vec2 p = vUv * 2.0 - 1.0;
  float r = length(p);
  // Wide-angle lens: the centre is magnified, the periphery compressed.
  vec2 q = p * (1.0 + 0.22 * r * r) / 1.22;
  vec2 uv = q * 0.5 + 0.5;
  vec2 shift = p * 0.004 * r;
  vec3 col = vec3(texture2D(tScene, uv + shift).r, texture2D(tScene, uv).g, texture2D(tScene, uv - shift).b);

  float t = uTime * uMotion;
  // The scope's light: bright in the middle, falling off towards the edge.
  float light = mix(1.08, 0.12, smoothstep(0.0, 0.97, r * (0.75 + 0.25 * r)));
  // Amniotic fluid: a yellow-green veil, thicker where the light scatters back, slowly drifting.
  float n = 0.6 * noise(p * 2.5 + vec2(t * 0.05, t * 0.03)) + 0.4 * noise(p * 6.0 - vec2(t * 0.07, -t * 0.02));
  vec3 fluid = vec3(0.80, 0.74, 0.52);
  float haze = (0.14 + 0.14 * n) * (1.0 - 0.45 * r);
  col = mix(col, fluid, haze);
  col *= light;
  // Floating particles (vernix, debris) caught in the light.
  vec2 g = p * 8.0 + vec2(t * 0.12, -t * 0.08);
  vec2 cell = floor(g);
  vec2 offset = vec2(hash(cell), hash(cell + 7.3)) - 0.5;
  float d = length(fract(g) - 0.5 - offset * 0.6);
  float speck = smoothstep(0.07, 0.0, d) * step(0.78, hash(cell + 3.1));
  col += speck * 0.22 * light * fluid;
  // Reflection of the light source on the fluid, and the flash while the laser fires.
  col += vec3(1.0, 0.96, 0.88) * 0.07 * exp(-7.0 * length(p - vec2(-0.28, 0.32)));
  col += vec3(0.55, 0.75, 0.45) * 0.25 * uFiring * exp(-3.0 * r);
  // Eyepiece: everything outside the round image is black.
  col *= 1.0 - smoothstep(0.94, 0.975, r);
  gl_FragColor = vec4(col, 1.0);
}
`;
