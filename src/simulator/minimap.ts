// The minimap: the plate from above with the trocar's entry, the cords (which twin is which), the target to reach, the
// burns and the learner's marks so far and where the scope aims, the overview an ultrasound gives the surgeon.
// It shows nothing the learner must find.
import { visibleTargets, type Aim, type Scenario, type SimState } from '../domain/simulator/index.ts';

export interface Minimap {
  draw(state: SimState, aim: Aim | null): void;
}

/** The cords' dots, px: the recipient's thick cord, the donor's thin one, as in the view. */
const CORD_PX = { donor: 2.5, recipient: 4.5 } as const;

/**
 * Redraws a small 2D canvas only when the aim moved, a spot or a mark was added, or a target was reached.
 * `twins` names the donor and the recipient beside their cords, in the page's language.
 */
export function createMinimap(canvas: HTMLCanvasElement, scenario: Scenario, twins: { donor: string; recipient: string }): Minimap {
  const ctx = canvas.getContext('2d')!;
  const size = canvas.width;
  const { placenta, trocar } = scenario;
  // Room for an anterior trocar beside the plate.
  const scale = (size / 2 - 4) / (placenta.radiusMm + 22);
  const X = (x: number) => size / 2 + x * scale;
  const Y = (y: number) => size / 2 - y * scale;
  let drawn = '';
  return {
    draw(state, aim) {
      const key = `${aim ? `${aim.point.x.toFixed(1)},${aim.point.y.toFixed(1)}` : '-'}|${state.spots.length}|${state.nextTarget}|${state.marks.length}`;
      if (key === drawn) return;
      drawn = key;
      ctx.clearRect(0, 0, size, size);
      ctx.fillStyle = 'rgba(196, 110, 100, 0.55)';
      ctx.strokeStyle = 'rgba(255, 230, 220, 0.8)';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(X(0), Y(0), placenta.radiusMm * scale, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      ctx.font = '9px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      for (const cord of placenta.cords) {
        const r = CORD_PX[cord.twin];
        ctx.fillStyle = 'rgba(245, 235, 240, 0.9)';
        ctx.beginPath();
        ctx.arc(X(cord.position.x), Y(cord.position.y), r, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = 'rgba(255, 245, 240, 0.85)';
        ctx.fillText(twins[cord.twin], X(cord.position.x), Y(cord.position.y) + r + 2);
      }
      ctx.fillStyle = 'rgba(250, 240, 200, 0.9)';
      for (const spot of state.spots) {
        ctx.beginPath();
        ctx.arc(X(spot.x), Y(spot.y), Math.max(1, spot.radiusMm * scale), 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.font = 'bold 10px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      // Only the target to reach now, as in the view.
      ctx.strokeStyle = '#ffd84d';
      ctx.fillStyle = '#ffd84d';
      for (const { index, point: p } of visibleTargets(state)) {
        ctx.beginPath();
        ctx.arc(X(p.x), Y(p.y), 5, 0, Math.PI * 2);
        ctx.stroke();
        ctx.fillText(String(index + 1), X(p.x), Y(p.y) - 11);
      }
      // The learner's marks, with the type they said.
      ctx.font = 'bold 9px system-ui, sans-serif';
      ctx.textBaseline = 'bottom';
      ctx.strokeStyle = '#7fe8ff';
      ctx.fillStyle = '#7fe8ff';
      ctx.lineWidth = 1.5;
      for (const m of state.marks) {
        ctx.beginPath();
        ctx.arc(X(m.x), Y(m.y), 2.5, 0, Math.PI * 2);
        ctx.stroke();
        ctx.fillText(m.kind, X(m.x), Y(m.y) - 3);
      }
      // The shaft's shadow: from the entry to the aim.
      ctx.fillStyle = '#e9e4df';
      ctx.fillRect(X(trocar.entry.x) - 3, Y(trocar.entry.y) - 3, 6, 6);
      if (!aim) return;
      ctx.strokeStyle = 'rgba(125, 255, 160, 0.6)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(X(trocar.entry.x), Y(trocar.entry.y));
      ctx.lineTo(X(aim.point.x), Y(aim.point.y));
      ctx.stroke();
      ctx.fillStyle = '#7dffa0';
      ctx.beginPath();
      ctx.arc(X(aim.point.x), Y(aim.point.y), 3, 0, Math.PI * 2);
      ctx.fill();
    },
  };
}
