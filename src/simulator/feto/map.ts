// The airway seen from the side: the small live map beside the view (canvas) and the debrief's map (SVG) with the
// landmarks, where the balloon belongs, where it was left, and each gate at the place it judges.
import type { FetoOutcome, FetoTask } from '../../domain/airway/attempt.ts';
import { centreOffsetMm, lumenRadiusMm, type Airway } from '../../domain/airway/model.ts';
import { FETO_SCORING, type FetoGateId } from '../../domain/airway/score.ts';

/** The gates that judge each task, in the order the debrief lists them. */
export const TASK_GATES = {
  insertion: ['trauma', 'forcedCords', 'carinaNotSeen', 'balloonLeaks', 'balloonInBronchus', 'volume', 'notDetached', 'notWithdrawn'],
  removal: ['trauma', 'forcedCords', 'blindPuncture', 'balloonNotRemoved', 'notWithdrawn'],
} as const satisfies Record<FetoTask, readonly FetoGateId[]>;

/** The depth (mm from the lips) a gate is drawn at on the map. */
function gateDepth(airway: Airway, o: FetoOutcome, gate: FetoGateId): number {
  const { landmarks } = airway;
  const balloon = o.balloon?.depth ?? (landmarks.cords + landmarks.carina) / 2;
  switch (gate) {
    case 'forcedCords':
    case 'balloonLeaks':
      return landmarks.cords;
    case 'carinaNotSeen':
    case 'balloonInBronchus':
      return landmarks.carina;
    case 'volume':
    case 'notDetached':
    case 'blindPuncture':
    case 'balloonNotRemoved':
      return balloon;
    case 'notWithdrawn':
      return 0;
    case 'trauma':
      return landmarks.epiglottis;
  }
}

/** The map's scale: depth from the lips across, the lumen's radius and the pharynx's bend up and down (magnified). */
function scaleOf(airway: Airway, width: number, height: number, margin: number) {
  const span = airway.landmarks.carina + 8;
  const across = (width - 2 * margin) / span;
  return { x: (depth: number) => margin + depth * across, y: (r: number) => height / 2 - r * Math.min(6, (height / 2 - margin) / 5) };
}

/** The live side view: the lumen as the head's flexion bends it, the landmarks, where the balloon belongs, the balloon and the tip. */
export function drawAirwayMinimap(canvas: HTMLCanvasElement, airway: Airway, o: FetoOutcome): void {
  const g = canvas.getContext('2d');
  if (!g) return;
  const { width, height } = canvas;
  const s = scaleOf(airway, width, height, 8);
  const { landmarks } = airway;
  g.clearRect(0, 0, width, height);
  g.fillStyle = '#3a1416';
  g.fillRect(0, 0, width, height);
  g.beginPath();
  for (let d = 0; d <= landmarks.carina + 8; d += 0.5) g.lineTo(s.x(d), s.y(centreOffsetMm(airway, d) + lumenRadiusMm(airway, d, 0) + 0.3));
  for (let d = landmarks.carina + 8; d >= 0; d -= 0.5) g.lineTo(s.x(d), s.y(centreOffsetMm(airway, d) - lumenRadiusMm(airway, d, 0) - 0.3));
  g.fillStyle = '#d98c84';
  g.fill();
  g.fillStyle = 'rgba(60, 170, 90, 0.55)';
  g.fillRect(
    s.x(landmarks.cords + FETO_SCORING.belowCordsMm),
    s.y(2.5),
    s.x(landmarks.carina) - s.x(landmarks.cords + FETO_SCORING.belowCordsMm),
    s.y(-2.5) - s.y(2.5),
  );
  g.strokeStyle = '#fff';
  g.lineWidth = 1;
  for (const d of [landmarks.epiglottis, landmarks.cords, landmarks.carina]) {
    g.beginPath();
    g.moveTo(s.x(d), s.y(4));
    g.lineTo(s.x(d), s.y(-4));
    g.stroke();
  }
  const b = o.balloon;
  if (b && !b.punctured) {
    g.fillStyle = '#f3ecc8';
    g.fillRect(
      s.x(b.depth),
      s.y(airway.tracheaDiameterMm / 2),
      s.x(b.depth + 4 + 8 * b.volumeMl) - s.x(b.depth),
      s.y(-airway.tracheaDiameterMm / 2) - s.y(airway.tracheaDiameterMm / 2),
    );
  }
  g.fillStyle = '#ffd23f';
  g.beginPath();
  g.arc(s.x(o.tip.depth), s.y(centreOffsetMm(airway, o.tip.depth) + o.tip.y), 3.5, 0, 2 * Math.PI);
  g.fill();
}

interface MapLabels {
  title: string;
  lips: string;
  epiglottis: string;
  cords: string;
  carina: string;
  zone: string;
  balloon: string;
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The debrief's map: the airway from the side, its landmarks named, where the balloon belongs, the balloon where it
 * was left, and a numbered marker for each gate at its place (red failed, green passed; the legend beside names them).
 */
export function airwayMapSvg(airway: Airway, o: FetoOutcome, failed: readonly FetoGateId[], labels: MapLabels, dir: 'ltr' | 'rtl'): string {
  const width = 480;
  const height = 220;
  const s = scaleOf(airway, width, height, 24);
  const { landmarks } = airway;
  const top: string[] = [];
  const bottom: string[] = [];
  for (let d = 0; d <= landmarks.carina + 8; d += 0.5) {
    const r = lumenRadiusMm(airway, d, 0) + 0.3;
    const centre = centreOffsetMm(airway, d);
    top.push(`${s.x(d).toFixed(1)},${s.y(centre + r).toFixed(1)}`);
    bottom.unshift(`${s.x(d).toFixed(1)},${s.y(centre - r).toFixed(1)}`);
  }
  const zoneFrom = s.x(landmarks.cords + FETO_SCORING.belowCordsMm);
  const parts = [
    `<svg class="debrief-map airway-map" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(labels.title)}" direction="${dir}">`,
    `<rect width="${width}" height="${height}" fill="#2a1012"/>`,
    `<polygon points="${[...top, ...bottom].join(' ')}" fill="#d98c84" stroke="#f2c4bd"/>`,
    `<rect data-zone x="${zoneFrom.toFixed(1)}" y="${s.y(2.6).toFixed(1)}" width="${(s.x(landmarks.carina) - zoneFrom).toFixed(1)}" height="${(s.y(-2.6) - s.y(2.6)).toFixed(1)}" fill="rgba(60,170,90,0.5)"><title>${esc(labels.zone)}</title></rect>`,
  ];
  const landmark = (depth: number, name: string, row: number) => {
    const x = s.x(depth).toFixed(1);
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${s.y(5).toFixed(1)}" y2="${s.y(-5).toFixed(1)}" stroke="#fff" stroke-dasharray="3 3"/>`,
      `<text x="${x}" y="${row}" fill="#fff" font-size="12" text-anchor="middle">${esc(name)}</text>`,
    );
  };
  landmark(0, labels.lips, 16);
  landmark(landmarks.epiglottis, labels.epiglottis, 16);
  landmark(landmarks.cords, labels.cords, 32);
  landmark(landmarks.carina, labels.carina, 16);
  parts.push(
    `<text x="${((zoneFrom + s.x(landmarks.carina)) / 2).toFixed(1)}" y="${height - 10}" fill="#9fe0b0" font-size="11" text-anchor="middle">${esc(labels.zone)}</text>`,
  );
  const b = o.balloon;
  if (b) {
    const r = airway.tracheaDiameterMm / 2;
    const x = s.x(b.depth);
    const w = s.x(b.depth + 4 + 8 * b.volumeMl) - x;
    parts.push(
      `<rect data-balloon x="${x.toFixed(1)}" y="${s.y(r).toFixed(1)}" width="${w.toFixed(1)}" height="${(s.y(-r) - s.y(r)).toFixed(1)}" rx="6" fill="${b.punctured ? 'none' : '#f3ecc8'}" stroke="#f3ecc8" stroke-dasharray="${b.punctured ? '4 3' : '0'}"><title>${esc(labels.balloon)}</title></rect>`,
    );
  }
  // The gates' markers, numbered as the legend, stacked where several judge the same place.
  const placed = new Map<number, number>();
  TASK_GATES[o.task].forEach((gate, i) => {
    const x = Math.round(s.x(gateDepth(airway, o, gate)));
    const stack = placed.get(x) ?? 0;
    placed.set(x, stack + 1);
    const y = s.y(-5) + 14 + stack * 20;
    const bad = failed.includes(gate);
    parts.push(
      `<g data-gate="${gate}" data-failed="${bad}"><circle cx="${x}" cy="${y.toFixed(1)}" r="8" fill="${bad ? '#d33' : '#2a8a4a'}"/><text x="${x}" y="${(y + 4).toFixed(1)}" fill="#fff" font-size="11" text-anchor="middle">${i + 1}</text></g>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
