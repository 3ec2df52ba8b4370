// The intro's ultrasound-style sketch: the uterus seen from the front with the placenta, both cord insertions,
// the inter-twin membrane and the twins (the donor small in its sac, the recipient large), and where each entry
// site lies on it. Pure (no DOM): the markup, and each site's place in percent of the sketch for its button.
import type { Placenta, Trocar, Vec2 } from '../domain/simulator/index.ts';
import type { Twin } from '../domain/simulator/placenta.ts';

/** The sketch's words, already translated. */
export interface SketchLabels {
  title: string;
  placenta: string;
  membrane: string;
  donor: string;
  recipient: string;
}

/** Half the sketch's width in mm: room for the anterior sites beside the plate. */
const HALF = 115;
/** Uterine cavity's radius as drawn, mm. */
const CAVITY = 110;
/** The twins as drawn, mm: the donor growth-restricted in a sac with little fluid, the recipient large. */
const FETUS: Readonly<Record<Twin, { body: number; head: number }>> = { donor: { body: 9, head: 5 }, recipient: { body: 16, head: 8.5 } };

const num = (v: number) => String(Math.round(v * 10) / 10);
const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `<style>
.site-sketch .sk-back{fill:#0c0c0d}
.site-sketch .sk-cavity{fill:#1b1a1a;stroke:#8c8a86;stroke-width:3}
.site-sketch .sk-placenta{fill:#9b938b;fill-opacity:.55;stroke:#d8d0c8;stroke-width:1}
.site-sketch .sk-anterior{fill-opacity:.35;stroke-dasharray:4 2}
.site-sketch .sk-membrane{fill:none;stroke:#f2f2f2;stroke-width:1.2}
.site-sketch .sk-donor{fill:#f2b33d;stroke:#f2b33d}.site-sketch .sk-recipient{fill:#5cc6f2;stroke:#5cc6f2}
.site-sketch .sk-fetus{fill-opacity:.35;stroke-width:1}
.site-sketch .sk-cord{stroke:#fff;stroke-width:.8}
.site-sketch text{font:9px system-ui,sans-serif;fill:#fff;text-anchor:middle;paint-order:stroke;stroke:#0c0c0d;stroke-width:2px}
</style>`;

function nearest(points: readonly Vec2[], p: Vec2): Vec2 {
  let best = points[0] ?? { x: 0, y: 0 };
  for (const q of points) if (Math.hypot(q.x - p.x, q.y - p.y) < Math.hypot(best.x - p.x, best.y - p.y)) best = q;
  return best;
}

/** Which way a twin's sac lies from its cord: away from the membrane. */
function awayFromMembrane(placenta: Placenta, cord: Vec2): Vec2 {
  const from = nearest(placenta.membrane, cord);
  const len = Math.hypot(cord.x - from.x, cord.y - from.y) || 1;
  return { x: (cord.x - from.x) / len, y: (cord.y - from.y) / len };
}

/** A twin in its own sac: beside its cord, away from the membrane, lying across that direction. */
function fetus(twin: Twin, cord: Vec2, away: Vec2): string {
  const size = FETUS[twin];
  const at = { x: cord.x + away.x * (size.body + 12), y: cord.y + away.y * (size.body + 12) };
  const angle = (Math.atan2(-away.x, -away.y) * 180) / Math.PI;
  const head = { x: at.x - away.y * size.body * 1.1, y: at.y + away.x * size.body * 1.1 };
  return (
    `<g class="sk-fetus sk-${twin}"><ellipse cx="${num(at.x)}" cy="${num(-at.y)}" rx="${num(size.body * 0.55)}" ry="${num(size.body)}" ` +
    `transform="rotate(${num(angle)} ${num(at.x)} ${num(-at.y)})"/><circle cx="${num(head.x)}" cy="${num(-head.y)}" r="${num(size.head)}"/></g>`
  );
}

/** Where a twin's name goes: past its body, towards the uterine wall, where the posterior sites' buttons are not. */
function namePlace(twin: Twin, cord: Vec2, away: Vec2): Vec2 {
  const d = 2 * FETUS[twin].body + 22;
  const p = { x: cord.x + away.x * d, y: cord.y + away.y * d };
  const len = Math.hypot(p.x, p.y);
  const limit = CAVITY - 12;
  return len <= limit ? p : { x: (p.x / len) * limit, y: (p.y / len) * limit };
}

/** Where a site's button goes: left and top in percent of the sketch (physical, whatever the page's direction). */
export function sitePlace(site: Trocar): { left: number; top: number } {
  return { left: ((site.entry.x + HALF) / (2 * HALF)) * 100, top: ((HALF - site.entry.y) / (2 * HALF)) * 100 };
}

/** The sketch as SVG markup, named by its title; the buttons are laid over it by the intro. */
export function sketchSvg(placenta: Placenta, labels: SketchLabels): string {
  const out: string[] = [`<rect class="sk-back" x="${-HALF}" y="${-HALF}" width="${2 * HALF}" height="${2 * HALF}" rx="8"/>`];
  out.push(`<circle class="sk-cavity" cx="0" cy="0" r="${CAVITY}"/>`);
  const plate = `<circle class="sk-placenta${placenta.position === 'anterior' ? ' sk-anterior' : ''}" cx="0" cy="0" r="${num(placenta.radiusMm)}"/>`;
  const twins = placenta.cords.map((c) => fetus(c.twin, c.position, awayFromMembrane(placenta, c.position)));
  // A posterior placenta lies behind the twins as seen from the front; an anterior one in front of them.
  if (placenta.position === 'posterior') out.push(plate, ...twins);
  else out.push(...twins, plate);
  out.push(`<text x="0" y="${num(-placenta.radiusMm + 9)}">${esc(labels.placenta)}</text>`);
  out.push(
    `<polyline class="sk-membrane" points="${placenta.membrane.map((p) => `${num(p.x)},${num(-p.y)}`).join(' ')}"><title>${esc(labels.membrane)}</title></polyline>`,
  );
  for (const c of placenta.cords) {
    const name = c.twin === 'donor' ? labels.donor : labels.recipient;
    const at = namePlace(c.twin, c.position, awayFromMembrane(placenta, c.position));
    out.push(
      `<g class="sk-${c.twin}" data-twin="${c.twin}"><circle class="sk-cord" cx="${num(c.position.x)}" cy="${num(-c.position.y)}" r="${c.twin === 'donor' ? 2.6 : 4.2}"/>` +
        `<text x="${num(at.x)}" y="${num(-at.y + 3)}">${esc(name)}</text></g>`,
    );
  }
  return (
    `<svg class="site-sketch" viewBox="${-HALF} ${-HALF} ${2 * HALF} ${2 * HALF}" role="img" aria-label="${esc(labels.title)}" ` +
    `xmlns="http://www.w3.org/2000/svg">${STYLE}<title>${esc(labels.title)}</title>${out.join('')}</svg>`
  );
}
