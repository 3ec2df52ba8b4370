// The debrief map as SVG markup: the whole placenta after the attempt, drawn from the stored debrief data, so the
// simulator page and the learner's history draw the same picture. Pure (no DOM): numbers and escaped labels only.
import type { Debrief, Vec2 } from '../domain/simulator/index.ts';
import type { DebriefAnastomosis, DebriefVessels } from '../domain/simulator/debrief.ts';
import type { Twin } from '../domain/simulator/placenta.ts';
import { fill } from '../i18n/fill.ts';
import { typedSentence } from './debrief-types.ts';
import type { DebriefLabels } from './debrief-labels.ts';

/** The labels that only title a marker or fill the list, with no row of the legend. */
type Unlegended = 'title' | 'dir' | 'donor' | 'recipient' | 'youTyped' | 'typedRightAs' | 'notTyped' | 'falseTyped' | `hint${'AV' | 'VA' | 'AA' | 'VV'}`;

/** Room around the plate and the trocar's entry (which lies beside the plate for an anterior placenta), in mm. */
const MARGIN = 6;
/** The cords' circles on the map, mm: the donor's thin, the recipient's thick, as in the view. */
const CORD_R: Readonly<Record<Twin, number>> = { donor: 2.5, recipient: 4.8 };
/** The legend's rows, one entry a row, below the map; an entry too long for the map's width wraps onto lines this far apart. */
const LEGEND_ROW = 9;
const LEGEND_LINE = 7;
/** A character's rough advance in the legend's 6-unit font: CJK ideographs full width, other scripts about half. */
const WIDE = /[\u2e80-\u9fff\uff00-\uffef]/;
const advance = (text: string) => [...text].reduce((w, ch) => w + (WIDE.test(ch) ? 6 : 3.2), 0);

/** A legend entry broken into lines no wider than `width` map units: at spaces, or between ideographs. */
function wrap(text: string, width: number): string[] {
  const tokens = text.match(/[\u2e80-\u9fff\uff00-\uffef][，。：、；）]?|[^\s\u2e80-\u9fff\uff00-\uffef]+\s*|\s+/g) ?? [text];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line.trim() !== '' && advance(line + token.trimEnd()) > width) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else line += token;
  }
  lines.push(line.trimEnd());
  return lines;
}

const num = (v: number) => String(Math.round(v * 10) / 10);
const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const line = (points: readonly Vec2[]) => points.map((p) => `${num(p.x)},${num(-p.y)}`).join(' ');
const cross = (x: number, y: number, r: number) =>
  `M${num(x - r)} ${num(y - r)}L${num(x + r)} ${num(y + r)}M${num(x - r)} ${num(y + r)}L${num(x + r)} ${num(y - r)}`;
const triangle = (x: number, y: number, r: number) =>
  `M${num(x)} ${num(y - r)}L${num(x + r * 0.9)} ${num(y + r * 0.6)}L${num(x - r * 0.9)} ${num(y + r * 0.6)}Z`;

/** Each twin's vessels in its own hue, arteries dark and veins light, as the view draws arteries darker. */
const VESSEL_CLASS = (g: Pick<DebriefVessels, 'twin' | 'kind'>) => `dm-vessel dm-${g.twin}-${g.kind}`;
const vesselSwatch = (twin: Twin) => (x: number, y: number) =>
  `<path class="${VESSEL_CLASS({ twin, kind: 'artery' })}" stroke-width="1.6" d="M${x - 5} ${y - 1.2}h10"/>` +
  `<path class="${VESSEL_CLASS({ twin, kind: 'vein' })}" stroke-width="1.6" d="M${x - 5} ${y + 1.2}h10"/>`;

/** The symbol of each legend entry, drawn centred on (x, y), the same as on the map. */
const SWATCH: Record<Exclude<keyof DebriefLabels, Unlegended>, (x: number, y: number) => string> = {
  donorVessels: vesselSwatch('donor'),
  recipientVessels: vesselSwatch('recipient'),
  equator: (x, y) => `<path class="dm-equator" d="M${x - 5} ${y}h10"/>`,
  membrane: (x, y) => `<path class="dm-membrane" d="M${x - 5} ${y}h10"/>`,
  sealed: (x, y) => `<circle class="dm-sealed" cx="${x}" cy="${y}" r="3.4"/>`,
  sealedByLine: (x, y) => `<circle class="dm-sealed dm-by-line" cx="${x}" cy="${y}" r="3.4"/>`,
  residual: (x, y) => `<path class="dm-residual" d="${triangle(x, y, 4)}"/>`,
  gap: (x, y) => `<path class="dm-gap" d="M${x - 5} ${y}h10"/>`,
  burn: (x, y) => `<circle class="dm-burn" cx="${x}" cy="${y}" r="3"/>`,
  path: (x, y) => `<path class="dm-path" d="M${x - 5} ${y + 2}l3 -4l4 3l3 -3"/>`,
  falseMark: (x, y) => `<path class="dm-false-mark" d="${cross(x, y, 2.8)}"/>`,
  targetReached: (x, y) => `<circle class="dm-target dm-reached" cx="${x}" cy="${y}" r="3.6"/>`,
  targetMissed: (x, y) => `<circle class="dm-target dm-missed" cx="${x}" cy="${y}" r="3.6"/>`,
  entry: (x, y) => `<rect class="dm-entry" x="${x - 3}" y="${y - 3}" width="6" height="6"/>`,
  bestSite: (x, y) => `<rect class="dm-best-site" x="${x - 3}" y="${y - 3}" width="6" height="6"/>`,
  donorCord: (x, y) => `<circle class="dm-cord" cx="${x}" cy="${y}" r="${CORD_R.donor * 0.8}"/>`,
  recipientCord: (x, y) => `<circle class="dm-cord" cx="${x}" cy="${y}" r="${CORD_R.recipient * 0.8}"/>`,
  typedRight: (x, y) => `<text class="dm-map-text dm-right" x="${x}" y="${y + 2}" text-anchor="middle">✓</text>`,
  typedWrong: (x, y) => `<text class="dm-map-text dm-wrong" x="${x}" y="${y + 2}" text-anchor="middle">VA</text>`,
};

const STYLE = `<style>
.debrief-map .dm-plate{fill:#f4ddd6;stroke:#a8746c;stroke-width:1}
.debrief-map .dm-vessel{fill:none;stroke-linecap:round;stroke-linejoin:round;stroke-opacity:.7}
.debrief-map .dm-donor-artery{stroke:#9a3d07}.debrief-map .dm-donor-vein{stroke:#e8a46c}
.debrief-map .dm-recipient-artery{stroke:#1f4f8c}.debrief-map .dm-recipient-vein{stroke:#86aede}
.debrief-map .dm-equator{fill:none;stroke:#5b2337;stroke-width:1.4}
.debrief-map .dm-membrane{fill:none;stroke:#49618f;stroke-width:1.2;stroke-dasharray:4 3}
.debrief-map .dm-gap{fill:none;stroke:#d12f26;stroke-width:3.2;stroke-dasharray:2.5 1.5;opacity:.9}
.debrief-map .dm-burn{fill:#8b5a2b;fill-opacity:.35;stroke:#8b5a2b;stroke-width:.4}
.debrief-map .dm-path{fill:none;stroke:#2464a8;stroke-width:.6;stroke-opacity:.75}
.debrief-map .dm-false-mark{fill:none;stroke:#7b1fa2;stroke-width:1.5}
.debrief-map .dm-sealed{fill:#1b7f3b;stroke:#fff;stroke-width:.8}.debrief-map .dm-by-line{fill:#b45309}
.debrief-map .dm-residual{fill:#fff;stroke:#c62828;stroke-width:1.5}
.debrief-map .dm-target{stroke:#1a7f5a;stroke-width:1}.debrief-map .dm-reached{fill:#1a7f5a}.debrief-map .dm-missed{fill:#fff;stroke-dasharray:2 1.2}
.debrief-map .dm-rank.dm-open{fill:#1a7f5a}
.debrief-map .dm-entry{fill:#222;stroke:#fff;stroke-width:.8}
.debrief-map .dm-best-site{fill:none;stroke:#1a7f5a;stroke-width:1.4;stroke-dasharray:2 1}
.debrief-map .dm-cord{fill:#fff;stroke:#555;stroke-width:1}
.debrief-map .dm-map-text{font:5.5px system-ui,sans-serif;fill:#1d1416;paint-order:stroke;stroke:#fff;stroke-width:1.4px}
.debrief-map .dm-rank{font:bold 4.4px system-ui,sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
.debrief-map .dm-right{fill:#1b7f3b;font-weight:bold}
.debrief-map .dm-wrong{fill:#c62828;text-decoration:line-through;font-weight:bold;stroke-width:.3px}
.debrief-map .dm-legend text{font:6px system-ui,sans-serif;fill:currentColor;dominant-baseline:central}
</style>`;

/** A vessel's stroke, mm: its diameter, never so thin it vanishes. */
const vesselWidth = (w: number) => num(Math.max(0.4, w * 0.8));
/** A flat x0, y0, x1, y1, ... course as path data, y flipped as everywhere on the map. */
const flatPath = (xy: readonly number[]) => xy.map((v, i) => (i % 2 === 0 ? `${i === 0 ? 'M' : 'L'}${num(v)}` : ` ${num(-v)}`)).join('');

/** Each group of vessels as one path of many lines per stroke width, so a placenta draws in a few elements. */
function vesselPaths(groups: readonly DebriefVessels[]): string {
  return groups
    .map((g) => {
      const byWidth = new Map<string, string[]>();
      for (const l of g.lines) {
        if (l.xy.length < 4) continue;
        const w = vesselWidth(l.w);
        byWidth.set(w, [...(byWidth.get(w) ?? []), flatPath(l.xy)]);
      }
      return [...byWidth].map(([w, d]) => `<path class="${VESSEL_CLASS(g)}" stroke-width="${w}" d="${d.join('')}"/>`).join('');
    })
    .join('');
}

/** What the map writes beside an anastomosis: its true kind, after the learner's type struck through if it was wrong, or a tick. */
function kindLabel(a: DebriefAnastomosis): string {
  if (a.markedAs === null || a.markedAs === undefined) return a.kind;
  if (a.markedAs === a.kind) return `${a.kind} <tspan class="dm-right">✓</tspan>`;
  return `<tspan class="dm-wrong">${a.markedAs}</tspan> ${a.kind}`;
}

/** The site that reached the most, when the learner's own reached less (stored debriefs from before sites have none). */
function bestSite(debrief: Debrief): Vec2 | null {
  const sites = debrief.sites ?? [];
  const chosen = debrief.site === null || debrief.site === undefined ? null : sites[debrief.site];
  const best = sites.reduce<(typeof sites)[number] | null>((a, b) => (!a || b.reach > a.reach ? b : a), null);
  return best && chosen && best.reach > chosen.reach ? best : null;
}

/**
 * An anastomosis's kind, written up and to the right of it; to the left where it would cover the trocar's entry mark
 * (a label some 16 mm wide and 5 high, the mark 7 mm square).
 */
function kindText(x: number, y: number, label: string, entry: { x: number; y: number }): string {
  const ex = entry.x;
  const ey = -entry.y;
  const covers = ex + 3.5 >= x + 5.5 && ex - 3.5 <= x + 21.5 && ey + 3.5 >= y - 9 && ey - 3.5 <= y - 4;
  return covers
    ? `<text class="dm-map-text" x="${num(x - 5.5)}" y="${num(y - 4)}" text-anchor="end">${label}</text>`
    : `<text class="dm-map-text" x="${num(x + 5.5)}" y="${num(y - 4)}">${label}</text>`;
}

/** The map with its legend below; `role="img"` named by the title, each marker titled for pointer users. */
export function debriefSvg(debrief: Debrief, labels: DebriefLabels): string {
  const best = bestSite(debrief);
  const present = new Set<keyof typeof SWATCH>(['equator', 'membrane', 'entry']);
  const marks = mapMarks(debrief, labels, best, present);
  const half = Math.ceil(
    Math.max(debrief.radiusMm, ...[debrief.entry, ...(best ? [best] : [])].flatMap((p) => [Math.abs(p.x) + 4.5, Math.abs(p.y) + 4.5])) + MARGIN,
  );
  const { rows, height } = legend(present, labels, half);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="debrief-map" viewBox="${-half} ${-half} ${2 * half} ${height}" role="img" aria-label="${esc(labels.title)}">` +
    `<title>${esc(labels.title)}</title>${STYLE}<g class="dm-map">${marks}</g><g class="dm-legend">${rows}</g></svg>`
  );
}

/** What the map draws, bottom to top; each kind of mark drawn is added to `present`, for the legend. */
function mapMarks(debrief: Debrief, labels: DebriefLabels, best: Vec2 | null, present: Set<keyof typeof SWATCH>): string {
  const out: string[] = [];
  out.push(`<circle class="dm-plate" cx="0" cy="0" r="${num(debrief.radiusMm)}"/>`);
  if (debrief.vessels && debrief.vessels.length > 0) {
    out.push(`<g class="dm-vessels">${vesselPaths(debrief.vessels)}</g>`);
    for (const g of debrief.vessels) present.add(g.twin === 'donor' ? 'donorVessels' : 'recipientVessels');
  }
  for (const b of debrief.burns) out.push(`<circle class="dm-burn" cx="${num(b.x)}" cy="${num(-b.y)}" r="${num(Math.max(0.6, b.r))}"/>`);
  if (debrief.burns.length > 0) present.add('burn');
  out.push(`<polyline class="dm-membrane" points="${line(debrief.membrane)}"/>`);
  out.push(`<polyline class="dm-equator" points="${line(debrief.equator)}"/>`);
  for (const g of debrief.lineGaps) out.push(`<polyline class="dm-gap" points="${line(g)}"/>`);
  if (debrief.lineGaps.length > 0) present.add('gap');
  if (debrief.path.length > 1) {
    out.push(`<polyline class="dm-path" points="${line(debrief.path)}"/>`);
    present.add('path');
  }
  for (const c of debrief.cords) {
    present.add(c.twin === 'donor' ? 'donorCord' : 'recipientCord');
    out.push(cordMark(c, labels));
  }
  out.push(
    `<rect class="dm-entry" x="${num(debrief.entry.x - 3.5)}" y="${num(-debrief.entry.y - 3.5)}" width="7" height="7"><title>${esc(labels.entry)}</title></rect>`,
  );
  if (best) {
    present.add('bestSite');
    out.push(
      `<rect class="dm-best-site" x="${num(best.x - 4.5)}" y="${num(-best.y - 4.5)}" width="9" height="9"><title>${esc(labels.bestSite)}</title></rect>`,
    );
  }
  debrief.targets.forEach((t, i) => {
    present.add(t.reached ? 'targetReached' : 'targetMissed');
    out.push(targetMark(t, i, labels));
  });
  for (const m of debrief.falseMarks) {
    const title = m.kind ? fill(labels.falseTyped, { typed: m.kind }) : labels.falseMark;
    out.push(`<path class="dm-false-mark" d="${cross(m.x, -m.y, 3)}"><title>${esc(title)}</title></path>`);
  }
  if (debrief.falseMarks.length > 0) present.add('falseMark');
  for (const a of debrief.anastomoses) {
    present.add(a.sealed ? (a.byLine ? 'sealedByLine' : 'sealed') : 'residual');
    if (a.markedAs) present.add(a.markedAs === a.kind ? 'typedRight' : 'typedWrong');
    out.push(anastomosisMark(a, labels, debrief.entry));
  }
  return out.join('');
}

/** A twin's cord insertion, named below it. */
function cordMark(c: Debrief['cords'][number], labels: DebriefLabels): string {
  const r = CORD_R[c.twin];
  return (
    `<g class="dm-twin" data-twin="${c.twin}"><title>${esc(c.twin === 'donor' ? labels.donorCord : labels.recipientCord)}</title>` +
    `<circle class="dm-cord" cx="${num(c.x)}" cy="${num(-c.y)}" r="${r}"/>` +
    `<text class="dm-map-text" x="${num(c.x)}" y="${num(-c.y + r + 5)}" text-anchor="middle">${esc(c.twin === 'donor' ? labels.donor : labels.recipient)}</text></g>`
  );
}

/** A navigation target with its rank, filled once reached. */
function targetMark(t: Debrief['targets'][number], i: number, labels: DebriefLabels): string {
  const label = t.reached ? labels.targetReached : labels.targetMissed;
  return (
    `<g class="dm-target-mark" data-reached="${t.reached}"><title>${esc(`${i + 1}: ${label}`)}</title>` +
    `<circle class="dm-target ${t.reached ? 'dm-reached' : 'dm-missed'}" cx="${num(t.x)}" cy="${num(-t.y)}" r="5"/>` +
    `<text class="dm-rank${t.reached ? '' : ' dm-open'}" x="${num(t.x)}" y="${num(-t.y)}">${i + 1}</text></g>`
  );
}

/** An anastomosis: sealed (with its rank) or left open, its kind beside it, titled with how the learner typed it. */
function anastomosisMark(a: DebriefAnastomosis, labels: DebriefLabels, entry: Vec2): string {
  const x = a.x;
  const y = -a.y;
  const state = a.sealed ? (a.byLine ? 'sealedByLine' : 'sealed') : 'residual';
  const symbol = a.sealed
    ? `<circle class="dm-sealed${a.byLine ? ' dm-by-line' : ''}" cx="${num(x)}" cy="${num(y)}" r="3.8"/><text class="dm-rank" x="${num(x)}" y="${num(y)}">${a.sealedRank ?? ''}</text>`
    : `<path class="dm-residual" d="${triangle(x, y, 4.6)}"/>`;
  return (
    `<g class="dm-anastomosis" data-kind="${a.kind}" data-state="${a.sealed ? 'sealed' : 'residual'}" data-typed="${a.markedAs ?? ''}">` +
    `<title>${esc(`${a.kind}: ${labels[state]}. ${typedSentence(a, labels)}`)}</title>` +
    `${symbol}${kindText(x, y, kindLabel(a), entry)}</g>`
  );
}

/** The legend's rows below the map, one a kind of mark drawn, in the legend's order; wrapped to the map's width. */
function legend(present: ReadonlySet<keyof typeof SWATCH>, labels: DebriefLabels, half: number): { rows: string; height: number } {
  const items = (Object.keys(SWATCH) as (keyof typeof SWATCH)[]).filter((k) => present.has(k));
  const rtl = labels.dir === 'rtl';
  const swatchX = rtl ? half - 8 : -half + 8;
  const textX = rtl ? swatchX - 9 : swatchX + 9;
  let y = half + 6;
  const rows = items.map((key) => {
    const lines = wrap(labels[key], 2 * half - 19);
    const text = lines.length === 1 ? esc(lines[0]!) : lines.map((l, i) => `<tspan x="${textX}" dy="${i === 0 ? 0 : LEGEND_LINE}">${esc(l)}</tspan>`).join('');
    const row = `<g data-key="${key}">${SWATCH[key](swatchX, y)}<text x="${textX}" y="${y}"${rtl ? ' direction="rtl"' : ''}>${text}</text></g>`;
    y += LEGEND_ROW + (lines.length - 1) * LEGEND_LINE;
    return row;
  });
  return { rows: rows.join(''), height: y + half - 4 };
}
