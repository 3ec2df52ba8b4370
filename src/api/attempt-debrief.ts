import { z } from '@hono/zod-openapi';
import { TASKS } from '../domain/simulator/params.ts';
import { COMPLICATIONS } from '../domain/simulator/complications.ts';
import { ANASTOMOSIS_KINDS, type Debrief, type SimMetrics } from '../domain/simulator/index.ts';

/** What the server's replay of an attempt found, as GET /attempts/{id} answers it: the debrief map and the measured figures. */

const point = z.object({ x: z.number(), y: z.number() });

const riskLevel = z.enum(['low', 'moderate', 'high']);

/** What the operation leaves the twins with, computed from what stayed open and what was touched (the outcome card). */
const Prognosis = z
  .object({
    reviewed: z.boolean().describe('The learner surveyed the equator in a final review before Finish'),
    surveyed: z.number().min(0).max(1).describe('Share of the equator the review surveyed'),
    foundAtReview: z.number().int().min(0).describe('Anastomoses sealed during the review'),
    openLarge: z.number().int().min(0).describe('Arterio-venous anastomoses of 1.5 mm or more left open'),
    openSmall: z.number().int().min(0).describe('Thinner arterio-venous anastomoses left open'),
    openSuperficial: z.number().int().min(0).describe('Artery-artery and vein-vein anastomoses left open'),
    risks: z.object({ recurrence: riskLevel, taps: riskLevel, rupture: riskLevel }),
  })
  .meta({ id: 'Prognosis' });

/** The debrief map's data (src/domain/simulator/debrief.ts): the placenta after the attempt, in millimetres. */
export const DebriefSchema = z
  .object({
    task: z.enum(TASKS),
    radiusMm: z.number(),
    equator: z.array(point),
    membrane: z.array(point),
    cords: z.array(z.object({ twin: z.enum(['donor', 'recipient']), x: z.number(), y: z.number() })),
    entry: point,
    sites: z.array(z.object({ x: z.number(), y: z.number(), reach: z.number() })).optional(),
    site: z.number().int().nullable().optional(),
    vessels: z
      .array(
        z.object({
          twin: z.enum(['donor', 'recipient']),
          kind: z.enum(['artery', 'vein']),
          lines: z.array(z.object({ w: z.number(), xy: z.array(z.number()) })),
        }),
      )
      .optional(),
    anastomoses: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(ANASTOMOSIS_KINDS),
        x: z.number(),
        y: z.number(),
        diameterMm: z.number(),
        sealed: z.boolean(),
        sealedRank: z.number().nullable(),
        markedAs: z.enum(ANASTOMOSIS_KINDS).nullable(),
        byLine: z.boolean().optional(),
      }),
    ),
    falseMarks: z.array(point.extend({ kind: z.enum(ANASTOMOSIS_KINDS).optional() })),
    lineGaps: z.array(z.array(point)),
    burns: z.array(z.object({ x: z.number(), y: z.number(), r: z.number() })),
    path: z.array(point),
    targets: z.array(z.object({ x: z.number(), y: z.number(), reached: z.boolean() })),
    turbidity: z.array(z.number().min(0).max(1)).optional(),
    prognosis: Prognosis.nullable().optional().describe('Absent from attempts stored before the outcome was kept'),
  })
  .meta({ id: 'Debrief' }) satisfies z.ZodType<Debrief>;

/** The figures the replay measured (src/domain/simulator/metrics.ts). */
export const SimMetricsSchema = z
  .object({
    task: z.enum(TASKS),
    surgeryTimeMs: z.number(),
    pathLengthMm: z.number(),
    contacts: z.number(),
    anastomosesTotal: z.number(),
    anastomosesSealed: z.number(),
    anastomosesResidual: z.number(),
    residualIds: z.array(z.string()),
    sealedOrder: z.array(z.string()),
    orderScore: z.number().nullable(),
    lineSealedIds: z.array(z.string()),
    found: z.number(),
    missed: z.number(),
    falseMarks: z.number(),
    typesCorrect: z.number(),
    solomonCompleteness: z.number(),
    solomonGaps: z.number(),
    energyTotalJ: z.number(),
    collateralEnergyJ: z.number(),
    energyOnVesselsJ: z.number(),
    energyOffEquatorJ: z.number(),
    energyOffPlateJ: z.number(),
    firingTimeMs: z.number(),
    laserArmedTimeMs: z.number(),
    meanFiringDistanceMm: z.number().nullable(),
    meanFiringCos: z.number().nullable(),
    techniqueShare: z.number(),
    targetsTotal: z.number(),
    targetsReached: z.number(),
    entryReach: z.number(),
    routeMm: z.number(),
    routeMs: z.number(),
    strikes: z.number(),
    struckEnergyJ: z.number(),
    complication: z.enum(COMPLICATIONS).nullable(),
    complicationManaged: z.boolean().nullable(),
    reviewSurveyed: z.number(),
    reviewWork: z.number(),
  })
  .meta({ id: 'SimMetrics' }) satisfies z.ZodType<SimMetrics>;
