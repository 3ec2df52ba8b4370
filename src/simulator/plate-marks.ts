// The learner's marks on the plate, as a surgeon's pen would leave them beside the spot, never over it: a short
// tick pointing at where they marked and the type they said (AV, VA, AA, VV) after it, turned upright in the
// image; "?" while the type is being chosen. They fade while the laser fires, so the burn is seen as it blanches.
import { CanvasTexture, Group, Mesh, MeshBasicMaterial, PlaneGeometry } from 'three';
import { beamRadius, LASER, type AnastomosisKind, type Vec2 } from '../domain/simulator/index.ts';

/**
 * A mark's parts, in mm from the marked point with image-up as +y: nothing within `clearMm`, the widest spot a
 * perpendicular beam makes at a working distance, so the mark never covers the tissue being coagulated. The tick
 * runs along `angle` (up and to the side) from `tick[0]` to `tick[1]`; the label starts at `labelAt`.
 */
export const MARK_LAYOUT = (() => {
  const clearMm = beamRadius(LASER.workingMaxMm);
  return { clearMm, angle: Math.PI / 4, tick: [clearMm + 0.2, clearMm + 1.2] as const, tickWidthMm: 0.18, labelAt: clearMm + 1.5, fontMm: 1 };
})();

/** Opacity of the marks: whole while looking, faint while the laser fires. */
export const markOpacity = (firing: boolean): number => (firing ? 0.2 : 1);

/** The texture's square (its bottom-left corner on the marked point) and resolution. */
const SIDE_MM = 9.6;
const PX_PER_MM = 20;
/** The marks' ink: a cyan no tissue has, so they read as the learner's own. */
const INK = '#7fe8ff';

function texture(label: string): CanvasTexture {
  const px = SIDE_MM * PX_PER_MM;
  const canvas = document.createElement('canvas');
  canvas.width = px;
  canvas.height = px;
  const ctx = canvas.getContext('2d')!;
  // Canvas rows run downwards: a point (x, y) mm above the corner is at (x, px - y) px.
  const at = (r: number): [number, number] => [r * Math.cos(MARK_LAYOUT.angle) * PX_PER_MM, px - r * Math.sin(MARK_LAYOUT.angle) * PX_PER_MM];
  const [t0, t1] = MARK_LAYOUT.tick;
  ctx.lineCap = 'round';
  for (const [width, colour] of [
    [MARK_LAYOUT.tickWidthMm * PX_PER_MM + 3, 'rgba(0, 0, 0, 0.6)'],
    [MARK_LAYOUT.tickWidthMm * PX_PER_MM, INK],
  ] as const) {
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.moveTo(...at(t0));
    ctx.lineTo(...at(t1));
    ctx.stroke();
  }
  const font = MARK_LAYOUT.fontMm * PX_PER_MM;
  ctx.font = `bold ${font}px system-ui, sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = font / 6;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
  const [x, y] = at(MARK_LAYOUT.labelAt);
  ctx.strokeText(label, x, y);
  ctx.fillStyle = INK;
  ctx.fillText(label, x, y);
  return new CanvasTexture(canvas);
}

export interface PlateMarks {
  group: Group;
  /** Shows the marks made so far and the one waiting for its type, faint while firing; turns them upright in the image. */
  update(marks: readonly { x: number; y: number; kind: AnastomosisKind }[], pending: Vec2 | null, up: { x: number; y: number }, firing: boolean): void;
  dispose(): void;
}

export function createPlateMarks(): PlateMarks {
  const group = new Group();
  // The plane's bottom-left corner on the mesh's origin, the marked point, so the mark turns about it.
  const plane = new PlaneGeometry(SIDE_MM, SIDE_MM).translate(SIDE_MM / 2, SIDE_MM / 2, 0);
  let shownOpacity = 1;
  // One material per label, shared by every mark of that type.
  const materials = new Map<string, MeshBasicMaterial>();
  const material = (label: string) => {
    let m = materials.get(label);
    if (!m) {
      m = new MeshBasicMaterial({ map: texture(label), transparent: true, depthWrite: false, opacity: shownOpacity });
      materials.set(label, m);
    }
    return m;
  };
  const placed: Mesh[] = [];
  const pendingMesh = new Mesh(plane, material('?'));
  pendingMesh.visible = false;
  group.add(pendingMesh);
  const place = (mesh: Mesh, p: Vec2) => mesh.position.set(p.x, p.y, 0.15);
  return {
    group,
    update(marks, pending, up, firing) {
      for (let i = placed.length; i < marks.length; i += 1) {
        const mark = marks[i]!;
        const mesh = new Mesh(plane, material(mark.kind));
        place(mesh, mark);
        placed.push(mesh);
        group.add(mesh);
      }
      pendingMesh.visible = pending !== null;
      if (pending) place(pendingMesh, pending);
      const opacity = markOpacity(firing);
      if (opacity !== shownOpacity) {
        shownOpacity = opacity;
        for (const m of materials.values()) m.opacity = opacity;
      }
      if (Math.hypot(up.x, up.y) > 1e-3) {
        const angle = Math.atan2(-up.x, up.y);
        for (const mesh of group.children) mesh.rotation.z = angle;
      }
    },
    dispose() {
      plane.dispose();
      for (const m of materials.values()) {
        m.map?.dispose();
        m.dispose();
      }
    },
  };
}
