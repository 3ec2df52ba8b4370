// The learner's marks on the plate, as a surgeon's pen would leave them: a small ring where they marked and the
// type they said (AV, VA, AA, VV) beside it, turned upright in the image; "?" while the type is being chosen.
import { Group, Mesh, MeshBasicMaterial, PlaneGeometry } from 'three';
import type { AnastomosisKind, Vec2 } from '../domain/simulator/index.ts';
import { ringLabelTexture } from './ring-label.ts';

/** A mark's texture: the ring centred at RING_Y, the label above it; 16 px a millimetre. */
const MARK = { width: 128, height: 128, pxPerMm: 16, ringY: 88, ringMm: 1.6 };
/** The marks' ink: a cyan no tissue has, so they read as the learner's own. */
const INK = '#7fe8ff';

const texture = (label: string) =>
  ringLabelTexture(label, {
    width: MARK.width,
    height: MARK.height,
    ringY: MARK.ringY,
    ringPx: MARK.ringMm * MARK.pxPerMm,
    ring: 5,
    labelY: 26,
    fontPx: 34,
    ink: INK,
  });

export interface PlateMarks {
  group: Group;
  /** Shows the marks made so far and the one waiting for its type; turns their labels upright in the image. */
  update(marks: readonly { x: number; y: number; kind: AnastomosisKind }[], pending: Vec2 | null, up: { x: number; y: number }): void;
  dispose(): void;
}

export function createPlateMarks(): PlateMarks {
  const group = new Group();
  const [w, h] = [MARK.width / MARK.pxPerMm, MARK.height / MARK.pxPerMm];
  const plane = new PlaneGeometry(w, h).translate(0, h / 2 - MARK.ringY / MARK.pxPerMm, 0);
  // One material per label, shared by every mark of that type.
  const materials = new Map<string, MeshBasicMaterial>();
  const material = (label: string) => {
    let m = materials.get(label);
    if (!m) {
      m = new MeshBasicMaterial({ map: texture(label), transparent: true, depthWrite: false });
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
    update(marks, pending, up) {
      for (let i = placed.length; i < marks.length; i += 1) {
        const mark = marks[i]!;
        const mesh = new Mesh(plane, material(mark.kind));
        place(mesh, mark);
        placed.push(mesh);
        group.add(mesh);
      }
      pendingMesh.visible = pending !== null;
      if (pending) place(pendingMesh, pending);
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
