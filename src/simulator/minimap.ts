// The minimap: where the scope looks on the placenta, the cord insertions and what has been burnt so far.
import { SCOPE, type Placenta, type SimState } from '../domain/simulator/index.ts';

export interface Minimap {
  draw(state: SimState): void;
}

/** Draws on a small 2D canvas, and only when the scope moved or a spot changed. */
export function createMinimap(canvas: HTMLCanvasElement, placenta: Placenta): Minimap {
  const ctx = canvas.getContext('2d')!;
  const size = canvas.width;
  const scale = (size / 2 - 6) / placenta.radius;
  const at = (x: number, y: number): [number, number] => [size / 2 + x * scale, size / 2 - y * scale];
  let last = '';
  return {
    draw(state) {
      const lastSpot = state.spots[state.spots.length - 1];
      const key = `${state.scope.x.toFixed(4)},${state.scope.y.toFixed(4)},${state.spots.length},${lastSpot?.radius.toFixed(4) ?? ''}`;
      if (key === last) return;
      last = key;
      ctx.clearRect(0, 0, size, size);
      ctx.fillStyle = 'rgba(190, 100, 90, 0.55)';
      ctx.strokeStyle = 'rgba(255, 230, 220, 0.8)';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(size / 2, size / 2, placenta.radius * scale, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = 'rgba(245, 235, 240, 0.9)';
      for (const cord of placenta.cords) {
        const [x, y] = at(cord.position.x, cord.position.y);
        ctx.beginPath();
        ctx.arc(x, y, 3.5, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.fillStyle = 'rgba(250, 240, 200, 0.95)';
      for (const spot of state.spots) {
        const [x, y] = at(spot.position.x, spot.position.y);
        ctx.beginPath();
        ctx.arc(x, y, Math.max(1, spot.radius * scale), 0, Math.PI * 2);
        ctx.fill();
      }
      const [sx, sy] = at(state.scope.x, state.scope.y);
      ctx.strokeStyle = '#7dffa0';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(sx, sy, SCOPE.fieldOfView * scale, 0, Math.PI * 2);
      ctx.stroke();
      ctx.fillStyle = '#7dffa0';
      ctx.beginPath();
      ctx.arc(sx, sy, 2.5, 0, Math.PI * 2);
      ctx.fill();
    },
  };
}
