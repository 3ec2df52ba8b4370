// The shape of a monochorionic placenta as the simulator sees it: plain data, in millimetres.
import type { Vec2 } from './geometry.ts';

/** Radius of the placental disc: about 15 cm across in mid-pregnancy, when laser surgery is done (16-26 weeks). */
export const PLACENTA_RADIUS_MM = 75;

/** The two twins sharing the placenta; by convention the equator's normal points towards the donor. */
export type Twin = 'donor' | 'recipient';

/**
 * Radius of each twin's umbilical cord, in mm: the recipient's thick and turgid, the donor's thin, as they look
 * in twin-twin transfusion; the view and the sketches draw them so the twins can be told apart.
 */
export const CORD_RADIUS_MM: Readonly<Record<Twin, number>> = { donor: 3.5, recipient: 6.5 };

/** Arteries carry blood from a twin to the placenta (drawn darker, crossing over veins), veins bring it back. */
export type VesselKind = 'artery' | 'vein';

/**
 * What joins the twins' circulations: 'AV' a donor artery and a recipient vein diving into one shared cotyledon,
 * 'VA' the reverse, 'AA' and 'VV' direct superficial artery-artery and vein-vein links.
 */
export const ANASTOMOSIS_KINDS = ['AV', 'VA', 'AA', 'VV'] as const;
export type AnastomosisKind = (typeof ANASTOMOSIS_KINDS)[number];

/** Anterior placentas lie on the wall the trocar goes through, so a straight scope meets them obliquely. */
export type PlacentalPosition = 'anterior' | 'posterior';

/** Where a twin's umbilical cord enters the placental plate; its vascular tree starts here. */
export interface CordInsertion {
  twin: Twin;
  position: Vec2;
}

/**
 * One chorionic vessel: a polyline whose width tapers point by point. `anastomosisId` marks the branch that
 * ends in an anastomosis; `decoy` marks a normal vessel made to look like one (it runs into the equator's band,
 * sometimes across the equator and back, and ends in its own twin's territory).
 */
export interface Vessel {
  twin: Twin;
  kind: VesselKind;
  points: Vec2[];
  /** Diameter at each point, in millimetres. */
  widths: number[];
  anastomosisId?: string;
  decoy?: boolean;
}

/** A vascular connection on the equator that the learner must find, classify and seal. */
export interface Anastomosis {
  id: string;
  kind: AnastomosisKind;
  position: Vec2;
  /** Diameter of the connecting vessel, in millimetres: wider ones need more energy to seal. */
  diameterMm: number;
  /** 1 = superficial and obvious, towards 0 = deep and faint (drawn fainter; the model treats all alike). */
  visibility: number;
}

/** Everything the simulator, the metrics and the replay need to know about one placenta. */
export interface Placenta {
  seed: number;
  position: PlacentalPosition;
  radiusMm: number;
  cords: CordInsertion[];
  vessels: Vessel[];
  /** The vascular equator, from one placental edge to the other, read from where the two trees meet. */
  equator: Vec2[];
  /** The inter-twin membrane: drawn over the plate on the donor's side (its sac is the small one), not on the equator. */
  membrane: Vec2[];
  anastomoses: Anastomosis[];
}
