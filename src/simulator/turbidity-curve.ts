// The debrief's curve of blood in the fluid: the model's samples (one every TRACE_EVERY_MS of surgery, 0-1) as
// an SVG polyline, time running left to right whatever the page's direction.
import { TRACE_EVERY_MS } from '../domain/simulator/index.ts';

const W = 300;
const H = 60;

/** The curve's SVG, or '' when the fluid stayed clear the whole time (nothing to show). */
export function turbidityCurveSvg(trace: readonly number[], title: string): string {
  if (trace.length < 2 || trace.every((v) => v === 0)) return '';
  const dx = W / (trace.length - 1);
  const points = trace.map((v, i) => `${Math.round(i * dx * 10) / 10},${Math.round((H - v * H) * 10) / 10}`).join(' ');
  const minutes = Math.round(((trace.length - 1) * TRACE_EVERY_MS) / 6000) / 10;
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escaped}" dir="ltr" data-minutes="${minutes}" style="width:100%;max-width:${W}px;height:auto;background:#1b1210;border-radius:4px"><polyline fill="none" stroke="#d2553c" stroke-width="2" points="${points}"/></svg>`;
}
