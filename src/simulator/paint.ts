// Paints a case's placenta once into a canvas: the texture the fetoscope looks at (vessels, membrane, cords).
import { createRng, type Placenta, type Vec2, type Vessel } from '../domain/simulator/index.ts';

/** Half the painted square, in placental radii: a rim of uterine wall shows around the disc. */
export const PAINT_EXTENT = 1.08;

const ARTERY = { body: '#5c1530', edge: 'rgba(35, 4, 18, 0.55)', shine: 'rgba(170, 90, 120, 0.45)' };
const VEIN = { body: '#9c1f2b', edge: 'rgba(60, 6, 12, 0.5)', shine: 'rgba(235, 130, 120, 0.5)' };

function smoothPath(ctx: CanvasRenderingContext2D, pts: Vec2[], at: (p: Vec2) => [number, number]): void {
  const [x0, y0] = at(pts[0]!);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  for (let i = 1; i < pts.length - 1; i += 1) {
    const [cx, cy] = at(pts[i]!);
    const [nx, ny] = at(pts[i + 1]!);
    ctx.quadraticCurveTo(cx, cy, (cx + nx) / 2, (cy + ny) / 2);
  }
  const [lx, ly] = at(pts[pts.length - 1]!);
  ctx.lineTo(lx, ly);
}

/**
 * Draws the placenta on a square canvas of `size` pixels: mottled chorionic plate, the two vascular trees
 * (arteries darker and crossing over veins, as seen in fetoscopy), the feeders of hidden anastomoses fading
 * into the depth, a faint inter-twin membrane over the equator, and the cord insertions.
 */
export function paintPlacenta(placenta: Placenta, size: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  const scale = size / (2 * PAINT_EXTENT);
  const at = (p: Vec2): [number, number] => [(p.x + PAINT_EXTENT) * scale, (PAINT_EXTENT - p.y) * scale];
  const rng = createRng(placenta.seed ^ 0x5bd1e995);
  const c = size / 2;
  const r = placenta.radius * scale;

  // Uterine wall around the disc.
  ctx.fillStyle = '#2a0d0c';
  ctx.fillRect(0, 0, size, size);
  for (let i = 0; i < 500; i += 1) {
    ctx.fillStyle = `rgba(${90 + rng.int(0, 50)}, ${30 + rng.int(0, 20)}, 25, 0.08)`;
    ctx.beginPath();
    ctx.arc(rng.range(0, size), rng.range(0, size), rng.range(size * 0.01, size * 0.05), 0, Math.PI * 2);
    ctx.fill();
  }

  // Chorionic plate: warm pink-orange, darker towards the rim, mottled by cotyledons underneath.
  ctx.save();
  ctx.beginPath();
  ctx.arc(c, c, r, 0, Math.PI * 2);
  ctx.clip();
  const plate = ctx.createRadialGradient(c, c, r * 0.1, c, c, r);
  plate.addColorStop(0, '#d8876f');
  plate.addColorStop(0.75, '#c46a5c');
  plate.addColorStop(1, '#8d3c3a');
  ctx.fillStyle = plate;
  ctx.fillRect(0, 0, size, size);
  for (let i = 0; i < 1800; i += 1) {
    const dark = rng.next() < 0.55;
    ctx.fillStyle = dark
      ? `rgba(${110 + rng.int(0, 40)}, ${30 + rng.int(0, 25)}, ${45 + rng.int(0, 30)}, ${rng.range(0.03, 0.09)})`
      : `rgba(${235 + rng.int(0, 20)}, ${170 + rng.int(0, 40)}, ${140 + rng.int(0, 40)}, ${rng.range(0.03, 0.08)})`;
    ctx.beginPath();
    ctx.ellipse(rng.range(0, size), rng.range(0, size), rng.range(3, size * 0.03), rng.range(3, size * 0.02), rng.range(0, Math.PI), 0, Math.PI * 2);
    ctx.fill();
  }
  // Fine capillary network: short thin red threads.
  ctx.lineCap = 'round';
  for (let i = 0; i < 1400; i += 1) {
    const x = rng.range(0, size);
    const y = rng.range(0, size);
    ctx.strokeStyle = `rgba(${120 + rng.int(0, 60)}, 20, 35, ${rng.range(0.08, 0.22)})`;
    ctx.lineWidth = rng.range(0.6, 1.8);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.quadraticCurveTo(x + rng.range(-14, 14), y + rng.range(-14, 14), x + rng.range(-26, 26), y + rng.range(-26, 26));
    ctx.stroke();
  }

  // Vessels: veins first, arteries over them.
  const ordered = [...placenta.vessels].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'vein' ? -1 : 1));
  const hidden = new Map(placenta.anastomoses.map((a) => [a.id, a]));
  const stroke = (v: Vessel, style: string | CanvasGradient, width: number, blur = 0) => {
    ctx.filter = blur > 0 ? `blur(${blur}px)` : 'none';
    ctx.strokeStyle = style;
    ctx.lineWidth = Math.max(1, width);
    smoothPath(ctx, v.points, at);
    ctx.stroke();
  };
  for (const v of ordered) {
    const colors = v.kind === 'artery' ? ARTERY : VEIN;
    const w = v.width * scale;
    const a = v.anastomosisId ? hidden.get(v.anastomosisId) : undefined;
    if (a && v.points.length > 1) {
      // A feeder dives into the depth near its anastomosis: the less visible, the sooner and the fainter.
      const start = at(v.points[0]!);
      const end = at(a.position);
      const depth = Math.max(0.08, Math.min(1, a.visibility));
      const fade = (base: string) => {
        const g = ctx.createLinearGradient(start[0], start[1], end[0], end[1]);
        g.addColorStop(0, base);
        g.addColorStop(0.35 + 0.5 * depth, base);
        g.addColorStop(1, withAlpha(base, depth * depth));
        return g;
      };
      stroke(v, fade(colors.edge), w * 1.4, 2);
      stroke(v, fade(colors.body), w, (1 - depth) * 3);
      stroke(v, fade(colors.shine), w * 0.3, 1);
      continue;
    }
    stroke(v, colors.edge, w * 1.4, 2);
    stroke(v, colors.body, w);
    stroke(v, colors.shine, w * 0.3, 1);
  }
  ctx.filter = 'none';

  // Anastomoses: where the two feeders meet, a small dark knot, faint when deep.
  for (const a of placenta.anastomoses) {
    const [x, y] = at(a.position);
    const rad = a.radius * scale;
    const g = ctx.createRadialGradient(x, y, 0, x, y, rad * 1.3);
    g.addColorStop(0, `rgba(70, 8, 30, ${0.85 * a.visibility})`);
    g.addColorStop(1, 'rgba(70, 8, 30, 0)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, rad * 1.3, 0, Math.PI * 2);
    ctx.fill();
  }

  // Inter-twin membrane: a pale translucent veil lying roughly over the equator.
  ctx.filter = 'blur(6px)';
  ctx.strokeStyle = 'rgba(245, 225, 215, 0.14)';
  ctx.lineWidth = scale * 0.09;
  smoothPath(ctx, placenta.equator, at);
  ctx.stroke();
  ctx.strokeStyle = 'rgba(255, 245, 240, 0.12)';
  ctx.lineWidth = scale * 0.012;
  smoothPath(ctx, placenta.equator.map((p) => ({ x: p.x + 0.012, y: p.y - 0.01 })), at);
  ctx.stroke();
  ctx.filter = 'none';

  // Cord insertions: a thick pearly stump with the vessels spiralling in.
  for (const cord of placenta.cords) {
    const [x, y] = at(cord.position);
    const rad = 0.07 * scale;
    const g = ctx.createRadialGradient(x - rad * 0.3, y - rad * 0.3, rad * 0.1, x, y, rad);
    g.addColorStop(0, '#f4e6e0');
    g.addColorStop(0.7, '#c9a9b4');
    g.addColorStop(1, 'rgba(120, 60, 80, 0.9)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, rad, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = 'rgba(110, 30, 60, 0.55)';
    ctx.lineWidth = rad * 0.18;
    for (let k = 0; k < 3; k += 1) {
      ctx.beginPath();
      ctx.arc(x, y, rad * (0.35 + k * 0.18), k * 2, k * 2 + 2.4);
      ctx.stroke();
    }
  }
  // Rim: the plate curls down at the placental edge.
  const rim = ctx.createRadialGradient(c, c, r * 0.9, c, c, r);
  rim.addColorStop(0, 'rgba(40, 5, 10, 0)');
  rim.addColorStop(1, 'rgba(40, 5, 10, 0.6)');
  ctx.fillStyle = rim;
  ctx.fillRect(0, 0, size, size);
  ctx.restore();
  return canvas;
}

function withAlpha(color: string, alpha: number): string {
  if (color.startsWith('rgba(')) return color.replace(/[\d.]+\)$/, `${(Number(/([\d.]+)\)$/.exec(color)?.[1] ?? 1) * alpha).toFixed(3)})`);
  const n = Number.parseInt(color.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha.toFixed(3)})`;
}
