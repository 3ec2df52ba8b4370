// The shape of a monochorionic placenta as the simulator sees it: plain data, easy to build by hand in tests.
import type { Vec2 } from './geometry.ts';

/** The two twins sharing the placenta; by convention the equator's normal points towards the donor. */
export type Twin = 'donor' | 'recipient';

/** Arteries carry blood from a twin to the placenta, veins bring it back. */
export type VesselKind = 'artery' | 'vein';

/**
 * What crosses the equator: 'AV' a donor artery draining into a recipient vein, 'VA' the reverse
 * (recipient artery to donor vein), 'AA' and 'VV' superficial artery-artery and vein-vein links.
 */
export type AnastomosisKind = 'AV' | 'VA' | 'AA' | 'VV';

/** Anterior placentas face the scope's entry side and are harder to reach and see. */
export type PlacentalPosition = 'anterior' | 'posterior';

/** Where a twin's umbilical cord enters the placental plate; its vascular tree starts here. */
export interface CordInsertion {
  twin: Twin;
  position: Vec2;
}

/** One chorionic vessel drawn as a polyline; `anastomosisId` marks the feeding vessels of an anastomosis. */
export interface Vessel {
  twin: Twin;
  kind: VesselKind;
  /** Full vessel width, in placental radii. */
  width: number;
  points: Vec2[];
  anastomosisId?: string;
}

/** A vascular connection on the equator that the learner must find and coagulate. */
export interface Anastomosis {
  id: string;
  kind: AnastomosisKind;
  position: Vec2;
  /** Radius of the connection; a spot must be at least this wide to seal it. */
  radius: number;
  /** 1 = superficial and obvious, towards 0 = deep and hidden; the scope must come closer to see it. */
  visibility: number;
}

/** Everything the simulator, the metrics and the replay need to know about one case's placenta. */
export interface Placenta {
  seed: number;
  level: number;
  position: PlacentalPosition;
  /** Disc radius; generated placentas use 1. */
  radius: number;
  cords: CordInsertion[];
  vessels: Vessel[];
  /** Vascular equator, from one placental edge to the other; separates the two twins' territories. */
  equator: Vec2[];
  anastomoses: Anastomosis[];
}
