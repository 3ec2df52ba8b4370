// How many of a placenta's anastomoses the counting gates forgive (score.ts): apart, so that the placenta's
// generator can draw kinds that cheap typing never gets within it (generate.ts) without reaching into the score.

/** Shares of the anastomoses each counting gate forgives, rounded down (why: score.ts, SCORING.gates). */
export const GATE_TOLERANCE = { misclassified: 1 / 5, sequence: 1 / 4, residual: 1 / 4 } as const;

/** How many of `total` anastomoses a counting gate forgives. */
export const toleratedOf = (gate: { tolerance?: number }, total: number) => Math.floor(total * (gate.tolerance ?? 0) + 1e-9);
