import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

/** Draws the site's own artwork (SVG rendered to PNG with sharp) and records the promo video in Chromium. Run once: node scripts/make-artwork.ts */
const root = join(import.meta.dirname, '..');
const out = join(root, 'src/assets/home');
mkdirSync(out, { recursive: true });

/** A small deterministic random source, so the artwork is the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Branching placental vessels from the cord insertion, as SVG paths. */
function vessels(cx: number, cy: number, r: number, seed: number, color: string, width: number): string {
  const rand = rng(seed);
  const paths: string[] = [];
  function branch(x: number, y: number, angle: number, len: number, w: number, depth: number) {
    if (depth === 0 || len < 6) return;
    const x2 = x + Math.cos(angle) * len;
    const y2 = y + Math.sin(angle) * len;
    if (Math.hypot(x2 - cx, y2 - cy) > r * 0.97) return;
    const bend = (rand() - 0.5) * len * 0.6;
    const mx = (x + x2) / 2 + Math.cos(angle + Math.PI / 2) * bend;
    const my = (y + y2) / 2 + Math.sin(angle + Math.PI / 2) * bend;
    paths.push(
      `<path d="M${x.toFixed(1)} ${y.toFixed(1)} Q${mx.toFixed(1)} ${my.toFixed(1)} ${x2.toFixed(1)} ${y2.toFixed(1)}" stroke-width="${w.toFixed(1)}"/>`,
    );
    branch(x2, y2, angle + 0.35 + rand() * 0.3, len * (0.72 + rand() * 0.12), w * 0.72, depth - 1);
    branch(x2, y2, angle - 0.35 - rand() * 0.3, len * (0.72 + rand() * 0.12), w * 0.72, depth - 1);
  }
  for (let i = 0; i < 7; i++) branch(cx, cy, (i / 7) * Math.PI * 2 + rand() * 0.4, r * 0.3, width, 6);
  return `<g fill="none" stroke="${color}" stroke-linecap="round">${paths.join('')}</g>`;
}

function placenta(cx: number, cy: number, r: number, seed: number, equator = false): string {
  return `
    <defs><radialGradient id="pl${seed}" cx="50%" cy="45%" r="60%"><stop offset="0" stop-color="#e98a7a"/><stop offset="0.7" stop-color="#c4554a"/><stop offset="1" stop-color="#7d2a2a"/></radialGradient></defs>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#pl${seed})"/>
    ${vessels(cx, cy, r, seed, '#5b1733', r / 28)}
    ${vessels(cx, cy, r, seed + 7, '#8a2c5e', r / 40)}
    <circle cx="${cx}" cy="${cy}" r="${r / 14}" fill="#f3d6c8" stroke="#7d2a2a" stroke-width="3"/>
    ${equator ? `<path d="M${cx - r * 0.95} ${cy + r * 0.1} C ${cx - r * 0.3} ${cy - r * 0.4}, ${cx + r * 0.3} ${cy + r * 0.5}, ${cx + r * 0.95} ${cy - r * 0.1}" fill="none" stroke="#ffe66b" stroke-width="${r / 45}" stroke-dasharray="${r / 12} ${r / 30}"/>` : ''}`;
}

function svg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

function hud(w: number, h: number, score: string, time: string): string {
  return `
    <rect x="24" y="24" width="230" height="86" rx="12" fill="#0b1f26" opacity="0.82"/>
    <text x="44" y="60" font-family="sans-serif" font-size="22" fill="#9fe3dc">SCORE ${score}</text>
    <text x="44" y="92" font-family="sans-serif" font-size="22" fill="#ffffff">TIME ${time}</text>
    <rect x="${w - 174}" y="24" width="150" height="150" rx="75" fill="#0b1f26" opacity="0.7"/>
    <circle cx="${w - 99}" cy="99" r="56" fill="none" stroke="#9fe3dc" stroke-width="3"/>
    <circle cx="${w - 89}" cy="90" r="6" fill="#ffe66b"/>
    <rect x="24" y="${h - 64}" width="${w - 48}" height="40" rx="10" fill="#0b1f26" opacity="0.75"/>
    <rect x="34" y="${h - 54}" width="${(w - 68) * 0.62}" height="20" rx="6" fill="#2bb3a6"/>`;
}

function scope(w: number, h: number, seed: number, laser: boolean): string {
  const r = Math.min(w, h) * 0.46;
  return `
    <rect width="${w}" height="${h}" fill="#06141a"/>
    <clipPath id="scope${seed}"><circle cx="${w / 2}" cy="${h / 2}" r="${r}"/></clipPath>
    <g clip-path="url(#scope${seed})">${placenta(w / 2 - r * 0.2, h / 2 + r * 0.1, r * 1.6, seed, true)}
      ${laser ? `<line x1="${w / 2 + r}" y1="${h / 2 + r}" x2="${w / 2 + 10}" y2="${h / 2 + 4}" stroke="#7dff9a" stroke-width="6" opacity="0.9"/><circle cx="${w / 2 + 10}" cy="${h / 2 + 4}" r="14" fill="#eaffd0" opacity="0.9"/>` : ''}
    </g>
    <circle cx="${w / 2}" cy="${h / 2}" r="${r}" fill="none" stroke="#000" stroke-width="12"/>`;
}

const images: Record<string, string> = {
  'hero-poster': svg(
    1280,
    720,
    `
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#062a30"/><stop offset="1" stop-color="#0b6e75"/></linearGradient></defs>
    <rect width="1280" height="720" fill="url(#bg)"/>
    ${placenta(900, 380, 250, 3, true)}
    <g fill="none" stroke="#9fe3dc" stroke-width="10" stroke-linecap="round" opacity="0.9"><path d="M120 560 L620 330"/></g>
    <rect x="96" y="150" width="300" height="150" rx="60" fill="#0d3d44" stroke="#9fe3dc" stroke-width="6"/>
    <circle cx="180" cy="225" r="40" fill="#134f57" stroke="#9fe3dc" stroke-width="5"/><circle cx="312" cy="225" r="40" fill="#134f57" stroke="#9fe3dc" stroke-width="5"/>`,
  ),
  'congress-1': svg(960, 600, scope(960, 600, 11, false) + hud(960, 600, '0', '00:12')),
  'congress-2': svg(960, 600, scope(960, 600, 21, true) + hud(960, 600, '640', '03:48')),
  'congress-3': svg(
    960,
    600,
    `
    <rect width="960" height="600" fill="#f3f7f7"/>
    <rect x="60" y="60" width="840" height="480" rx="24" fill="#ffffff" stroke="#d9e1e3" stroke-width="3"/>
    ${[0, 1, 2].map((i) => `<g transform="translate(${110 + i * 270} 120)"><rect width="220" height="300" rx="16" fill="#0b6e75" opacity="${0.55 + i * 0.2}"/><circle cx="110" cy="120" r="60" fill="#fbfaf8" opacity="0.9"/><rect x="30" y="220" width="160" height="20" rx="8" fill="#fbfaf8"/></g>`).join('')}`,
  ),
  'final-screen': svg(
    960,
    600,
    `
    <rect width="960" height="600" fill="#062a30"/>
    <circle cx="480" cy="250" r="150" fill="none" stroke="#244c52" stroke-width="26"/>
    <circle cx="480" cy="250" r="150" fill="none" stroke="#2bb3a6" stroke-width="26" stroke-dasharray="${Math.PI * 300 * 0.86} 1000" transform="rotate(-90 480 250)" stroke-linecap="round"/>
    <text x="480" y="275" text-anchor="middle" font-family="sans-serif" font-size="84" font-weight="700" fill="#fff">86</text>
    <rect x="300" y="450" width="360" height="70" rx="35" fill="#0b6e75"/>
    <text x="480" y="497" text-anchor="middle" font-family="sans-serif" font-size="34" fill="#fff">14:32</text>`,
  ),
};

const courseArt: Array<[string, string, string]> = [
  ['fetoscopy-simulator', '#0b6e75', '#9fe3dc'],
  ['bronchoscopy', '#274b7a', '#b8d4ff'],
  ['fetal-tracheal-occlusion', '#6b2e5f', '#f2c1e6'],
  ['catheter-placement', '#7a4b12', '#ffd9a0'],
  ['pleuroamniotic', '#1d6b35', '#bff0c9'],
];
courseArt.forEach(([id, bg, fg], i) => {
  const motif = [
    placenta(320, 200, 150, 40 + i),
    `<g fill="none" stroke="${fg}" stroke-width="14" stroke-linecap="round"><path d="M320 40 V170"/><path d="M320 170 Q250 230 220 330"/><path d="M320 170 Q390 230 420 330"/><path d="M250 260 Q210 280 190 320"/><path d="M390 260 Q430 280 450 320"/></g>`,
    `<g fill="none" stroke="${fg}" stroke-width="14" stroke-linecap="round"><path d="M320 40 V200"/></g><ellipse cx="320" cy="250" rx="70" ry="40" fill="${fg}"/>`,
    `<g fill="none" stroke="${fg}" stroke-width="10" stroke-linecap="round"><path d="M80 330 C200 330 240 120 420 120 S560 200 560 60"/></g><circle cx="560" cy="60" r="16" fill="${fg}"/>`,
    `<g fill="none" stroke="${fg}" stroke-width="10"><ellipse cx="260" cy="200" rx="90" ry="130"/><ellipse cx="380" cy="200" rx="90" ry="130"/></g><path d="M320 200 H560" stroke="${fg}" stroke-width="10"/>`,
  ][i];
  images[`course-${id}`] = svg(640, 400, `<rect width="640" height="400" fill="${bg}"/>${motif}`);
});

for (const [name, source] of Object.entries(images)) {
  await sharp(Buffer.from(source))
    .png({ compressionLevel: 9 })
    .toFile(join(out, `${name}.png`));
  console.log(`src/assets/home/${name}.png`);
}

/** The promo video: the hero scene animated on a canvas and recorded with MediaRecorder as WebM (VP9). */
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
const poster = (await sharp(Buffer.from(images['hero-poster']!)).resize(640, 360).png().toBuffer()).toString('base64');
const webm = await page.evaluate(async (posterPng) => {
  const img = new Image();
  img.src = `data:image/png;base64,${posterPng}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  const ctx = canvas.getContext('2d')!;
  const stream = canvas.captureStream(24);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 350_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((r) => (recorder.onstop = r));
  recorder.start();
  const start = performance.now();
  await new Promise<void>((resolve) => {
    function frame() {
      const t = (performance.now() - start) / 1000;
      const zoom = 1 + 0.08 * Math.sin((t / 6) * Math.PI * 2);
      ctx.setTransform(zoom, 0, 0, zoom, 320 - 320 * zoom + Math.sin(t) * 8, 180 - 180 * zoom);
      ctx.drawImage(img, 0, 0, 640, 360);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const x = 450 + Math.cos(t * 1.3) * 60;
      const y = 190 + Math.sin(t * 1.7) * 40;
      ctx.fillStyle = 'rgba(125,255,154,0.85)';
      ctx.beginPath();
      ctx.arc(x, y, 7 + 3 * Math.sin(t * 8), 0, Math.PI * 2);
      ctx.fill();
      if (t < 6) requestAnimationFrame(frame);
      else resolve();
    }
    frame();
  });
  recorder.stop();
  await done;
  const buf = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
  return Array.from(new Uint8Array(buf));
}, poster);
writeFileSync(join(root, 'public/media/promo.webm'), Buffer.from(webm));
console.log(`public/media/promo.webm ${webm.length} bytes`);
await browser.close();
