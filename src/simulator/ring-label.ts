// A ring with a label above it, outlined in black so it reads on any tissue: the texture of a navigation target's mark.
import { CanvasTexture } from 'three';

export interface RingLabel {
  /** The texture's size in px. */
  width: number;
  height: number;
  /** The ring's centre height and radius, the label's baseline height and font size, in px. */
  ringY: number;
  ringPx: number;
  ring: number;
  labelY: number;
  fontPx: number;
  /** The ring's and the label's colour. */
  ink: string;
}

export function ringLabelTexture(label: string, look: RingLabel): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = look.width;
  canvas.height = look.height;
  const ctx = canvas.getContext('2d')!;
  ctx.lineWidth = look.ring + 5;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.6)';
  ctx.beginPath();
  ctx.arc(look.width / 2, look.ringY, look.ringPx, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = look.ring;
  ctx.strokeStyle = look.ink;
  ctx.stroke();
  ctx.font = `bold ${look.fontPx}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = look.fontPx / 6;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
  ctx.strokeText(label, look.width / 2, look.labelY);
  ctx.fillStyle = look.ink;
  ctx.fillText(label, look.width / 2, look.labelY);
  return new CanvasTexture(canvas);
}
