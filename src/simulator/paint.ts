// Paints a launch's placenta once into a canvas, the texture the fetoscope looks at: chorionic plate, vessel
// trees, the shared cotyledons of the anastomoses, the membrane and the cord insertions. No canvas filters:
// blur is the slow path of a CPU canvas, so softness comes from stacked translucent strokes instead.
import { CORD_RADIUS_MM, createRng, type Placenta, type Vec2, type Vessel } from '../domain/simulator/index.ts';

/** Half the painted square, in mm: the plate (75 mm) and a little of its rim. */
export const PAINT_EXTENT_MM = 78;

/** Each vessel is painted three times, wider to narrower: a dark rim, the body, a faint sheen along its middle. */
const PASSES = [
  { width: 1.3, alpha: 0.5, artery: [28, 4, 22], vein: [58, 6, 16] },
  { width: 1, alpha: 1, artery: [75, 16, 49], vein: [142, 34, 51] },
  { width: 0.28, alpha: 0.16, artery: [150, 80, 120], vein: [225, 130, 125] },
] as const;
/** Where a branch towards an anastomosis (or a decoy) starts to fade, as a share of its length. */
const FADE_FROM = 0.45;

/** The vessel's centre line through Catmull-Rom curves (3 mm steps read as curves), the width alongside. */
function centreline(points: readonly Vec2[], widths: readonly number[]): { p: Vec2; w: number }[] {
  const at = (i: number) => points[Math.max(0, Math.min(points.length - 1, i))]!;
  const out: { p: Vec2; w: number }[] = [];
  for (let i = 0; i < points.length - 1; i += 1) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const w0 = widths[i] ?? 1;
    const w1 = widths[i + 1] ?? w0;
    for (let k = 0; k < 4; k += 1) {
      const t = k / 4;
      const t2 = t * t;
      const t3 = t2 * t;
      const c = (a: number, b: number, d: number, e: number) => 0.5 * (2 * b + (d - a) * t + (2 * a - 5 * b + 4 * d - e) * t2 + (3 * b - a - 3 * d + e) * t3);
      out.push({ p: { x: c(p0.x, p1.x, p2.x, p3.x), y: c(p0.y, p1.y, p2.y, p3.y) }, w: w0 + (w1 - w0) * t });
    }
  }
  out.push({ p: at(points.length - 1), w: widths[widths.length - 1] ?? 1 });
  return out;
}

/**
 * The outline of a tapering vessel, in canvas pixels: both edges offset from the centre line by half the local
 * width, with round ends. Filled once, so a translucent pass never darkens where pieces overlap.
 */
function ribbon(line: readonly { p: Vec2; w: number }[], share: number, toPx: (p: Vec2) => [number, number], mm: number): Path2D {
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  const halves: number[] = [];
  line.forEach(({ p, w }, i) => {
    const a = line[Math.max(0, i - 1)]!.p;
    const b = line[Math.min(line.length - 1, i + 1)]!.p;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const half = Math.max(0.35 / mm, (w * share) / 2);
    const n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    left.push(toPx({ x: p.x + n.x * half, y: p.y + n.y * half }));
    right.push(toPx({ x: p.x - n.x * half, y: p.y - n.y * half }));
    halves.push(half * mm);
  });
  const path = new Path2D();
  path.moveTo(...left[0]!);
  for (const q of left) path.lineTo(...q);
  for (const q of right.reverse()) path.lineTo(...q);
  path.closePath();
  for (const i of [0, line.length - 1]) {
    const [x, y] = toPx(line[i]!.p);
    path.moveTo(x + halves[i]!, y);
    path.arc(x, y, halves[i]!, 0, Math.PI * 2);
  }
  return path;
}

/** What every layer paints with: the canvas, mm to pixels (y up), and the placenta's one sequence of chance. */
interface Brush {
  ctx: CanvasRenderingContext2D;
  size: number;
  /** Pixels per mm. */
  mm: number;
  X(p: Vec2): number;
  Y(p: Vec2): number;
  toPx(p: Vec2): [number, number];
  rng: ReturnType<typeof createRng>;
}

/**
 * Draws the placenta on a square canvas of `size` pixels; outside the plate the canvas stays transparent and
 * the view's shader shows the uterine wall there. The layers are painted in this order (each draws on the one
 * before and takes its turn of the same sequence of chance).
 */
export function paintPlacenta(placenta: Placenta, size: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  const scale = size / (2 * PAINT_EXTENT_MM);
  // Canvas rows run top to bottom while y runs up, hence the flip; the view's shader samples it the same way.
  const X = (p: Vec2) => (p.x + PAINT_EXTENT_MM) * scale;
  const Y = (p: Vec2) => (PAINT_EXTENT_MM - p.y) * scale;
  const brush: Brush = { ctx, size, mm: scale, X, Y, toPx: (p) => [X(p), Y(p)], rng: createRng(placenta.seed ^ 0x5bd1e995) };
  const r = placenta.radiusMm * scale;

  ctx.save();
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, r, 0, Math.PI * 2);
  ctx.clip();
  paintSurface(brush, r);
  const decoyVisibility = paintSharedCotyledons(brush, placenta);
  paintVessels(brush, placenta, decoyVisibility);
  paintMembrane(brush, placenta.membrane);
  paintCords(brush, placenta.cords);
  paintRim(brush, r);
  ctx.restore();
  return canvas;
}

/** The chorionic plate: its colour, the cotyledons under it and the capillaries that give it its texture. */
function paintSurface({ ctx, size, mm, rng }: Brush, r: number): void {
  const c = size / 2;
  const plate = ctx.createRadialGradient(c, c, r * 0.1, c, c, r);
  plate.addColorStop(0, '#d9968a');
  plate.addColorStop(0.8, '#c9786f');
  plate.addColorStop(1, '#a3545a');
  ctx.fillStyle = plate;
  ctx.fillRect(0, 0, size, size);
  // Cotyledons under the chorionic plate: soft darker and lighter lobes.
  for (let i = 0; i < 700; i += 1) {
    const dark = rng.next() < 0.55;
    ctx.fillStyle = dark
      ? `rgba(${105 + rng.int(0, 40)}, ${35 + rng.int(0, 25)}, ${55 + rng.int(0, 30)}, ${rng.range(0.04, 0.1)})`
      : `rgba(${235 + rng.int(0, 20)}, ${175 + rng.int(0, 40)}, ${150 + rng.int(0, 40)}, ${rng.range(0.04, 0.09)})`;
    ctx.beginPath();
    ctx.ellipse(rng.range(0, size), rng.range(0, size), rng.range(2, 9) * mm, rng.range(2, 6) * mm, rng.range(0, Math.PI), 0, Math.PI * 2);
    ctx.fill();
  }
  // Capillaries: short thin threads that give the surface its texture.
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (let i = 0; i < 900; i += 1) {
    const x = rng.range(0, size);
    const y = rng.range(0, size);
    ctx.strokeStyle = `rgba(${120 + rng.int(0, 60)}, 25, 45, ${rng.range(0.1, 0.25)})`;
    ctx.lineWidth = rng.range(0.08, 0.25) * mm;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.quadraticCurveTo(x + rng.range(-2, 2) * mm, y + rng.range(-2, 2) * mm, x + rng.range(-4, 4) * mm, y + rng.range(-4, 4) * mm);
    ctx.stroke();
  }
}

/**
 * A shared cotyledon: where the artery of one twin and the vein of the other dive in. Decoys get one too, so the
 * patch alone never tells an anastomosis. Returns how visible each decoy's pair is, for its vessels' fade.
 */
function paintSharedCotyledons({ ctx, mm, X, Y, rng }: Brush, placenta: Placenta): Map<Vessel, number> {
  const cotyledon = (at: Vec2, strength: number) => {
    const g = ctx.createRadialGradient(X(at), Y(at), 0, X(at), Y(at), 5.5 * mm);
    g.addColorStop(0, `rgba(92, 22, 58, ${0.3 * strength})`);
    g.addColorStop(0.6, `rgba(110, 30, 60, ${0.16 * strength})`);
    g.addColorStop(1, 'rgba(110, 30, 60, 0)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(X(at), Y(at), 5.5 * mm, 0, Math.PI * 2);
    ctx.fill();
  };
  for (const a of placenta.anastomoses) if (a.kind === 'AV' || a.kind === 'VA') cotyledon(a.position, a.visibility);
  // A decoy's pair ends a little apart; its patch goes between the two ends, as an AV's would.
  const decoys = placenta.vessels.filter((v) => v.decoy);
  const decoyVisibility = new Map<Vessel, number>();
  for (let i = 0; i + 1 < decoys.length; i += 2) {
    const [a, b] = [decoys[i]!, decoys[i + 1]!];
    const [ea, eb] = [a.points[a.points.length - 1]!, b.points[b.points.length - 1]!];
    const visibility = rng.range(0.55, 0.95);
    decoyVisibility.set(a, visibility);
    decoyVisibility.set(b, visibility);
    cotyledon({ x: (ea.x + eb.x) / 2, y: (ea.y + eb.y) / 2 }, visibility);
  }
  return decoyVisibility;
}

/**
 * Vessels: veins first, arteries crossing over them; branches towards an anastomosis (and decoys) fade as they
 * near their end, the fainter the less visible it is, as vessels diving under the plate do.
 */
function paintVessels({ ctx, mm, toPx }: Brush, placenta: Placenta, decoyVisibility: ReadonlyMap<Vessel, number>): void {
  const byId = new Map(placenta.anastomoses.map((a) => [a.id, a]));
  const ordered = [...placenta.vessels].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'vein' ? -1 : 1));
  for (const v of ordered) {
    const link = v.anastomosisId ? byId.get(v.anastomosisId) : undefined;
    const visibility = link?.visibility ?? decoyVisibility.get(v) ?? 1;
    const dives = (link && (link.kind === 'AV' || link.kind === 'VA')) || v.decoy === true;
    const line = centreline(v.points, v.widths);
    const fades = link !== undefined || v.decoy === true;
    const first = toPx(line[0]!.p);
    const last = toPx(line[line.length - 1]!.p);
    for (const pass of PASSES) {
      const [r, g, b] = pass[v.kind];
      if (fades) {
        const gradient = ctx.createLinearGradient(...first, ...last);
        gradient.addColorStop(0, `rgba(${r}, ${g}, ${b}, ${pass.alpha})`);
        gradient.addColorStop(FADE_FROM, `rgba(${r}, ${g}, ${b}, ${pass.alpha})`);
        gradient.addColorStop(1, `rgba(${r}, ${g}, ${b}, ${pass.alpha * visibility * visibility * (dives ? 0.45 : 1)})`);
        ctx.fillStyle = gradient;
      } else ctx.fillStyle = `rgba(${r}, ${g}, ${b}, ${pass.alpha})`;
      ctx.fill(ribbon(line, pass.width, toPx, mm));
    }
  }
}

/** The inter-twin membrane: a pale veil along its own line (not the equator), soft-edged from stacked strokes. */
function paintMembrane({ ctx, mm, X, Y }: Brush, membrane: Placenta['membrane']): void {
  const veil = () => {
    ctx.beginPath();
    membrane.forEach((p, i) => (i === 0 ? ctx.moveTo(X(p), Y(p)) : ctx.lineTo(X(p), Y(p))));
  };
  for (const [width, alpha] of [
    [16, 0.05],
    [11, 0.06],
    [7, 0.07],
    [4, 0.08],
  ] as const) {
    ctx.strokeStyle = `rgba(250, 240, 232, ${alpha})`;
    ctx.lineWidth = width * mm;
    veil();
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgba(255, 250, 245, 0.35)';
  ctx.lineWidth = 0.35 * mm;
  veil();
  ctx.stroke();
}

/** Cord insertions: a pearly base where the cord leaves the plate, as wide as the twin's cord is thick. */
function paintCords({ ctx, mm, X, Y }: Brush, cords: Placenta['cords']): void {
  for (const cord of cords) {
    const x = X(cord.position);
    const y = Y(cord.position);
    const base = CORD_RADIUS_MM[cord.twin] * 1.4 * mm;
    const g = ctx.createRadialGradient(x, y, 0, x, y, base);
    g.addColorStop(0, '#efe2e2');
    g.addColorStop(0.6, '#d6b8c0');
    g.addColorStop(1, 'rgba(170, 100, 115, 0)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, base, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** The plate's edge curls down into the wall. */
function paintRim({ ctx, size }: Brush, r: number): void {
  const c = size / 2;
  const rim = ctx.createRadialGradient(c, c, r * 0.92, c, c, r);
  rim.addColorStop(0, 'rgba(60, 10, 20, 0)');
  rim.addColorStop(1, 'rgba(60, 10, 20, 0.45)');
  ctx.fillStyle = rim;
  ctx.fillRect(0, 0, size, size);
}
