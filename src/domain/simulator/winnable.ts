// Whether a case's setup can be won: for every placenta its launches may draw, some entry site lets a scope the
// case offers fire at all of the work (the equator, or the navigation targets) from inside the working window.
// Otherwise even a perfect player loses entry and technique marks, and cannot finish: the course editor warns.
import { entryPoints, reachShare } from './entry.ts';
import type { CaseParams, ScopeOffer } from './params.ts';
import type { PlacentalPosition } from './placenta.ts';
import { seedFor } from './rng.ts';
import { buildScenario } from './scenario.ts';
import type { ScopeKind } from './scope.ts';

/** A placenta position the setup cannot be won with, and the largest share of the work any site and scope reaches. */
export interface Unwinnable {
  placenta: PlacentalPosition;
  reach: number;
}

const SCOPES: Record<ScopeOffer, ScopeKind[]> = { straight: ['straight'], angled: ['angled'], both: ['straight', 'angled'] };

/** Launch variants checked per position: the entry geometry depends on the position, the layouts on the variant. */
const VARIANTS = 4;

/** The first placenta position (of those the case may draw) that no site and offered scope fully reaches, or null. */
export function unwinnableSetup(params: CaseParams): Unwinnable | null {
  const positions: PlacentalPosition[] = params.placenta === 'either' ? ['posterior', 'anterior'] : [params.placenta];
  for (const placenta of positions) {
    let worst = 1;
    for (let variant = 0; variant < VARIANTS; variant += 1) {
      const s = buildScenario({ ...params, placenta }, seedFor('setup', 1, 1, variant));
      const points = entryPoints(params.task, s.placenta, s.targets);
      const best = Math.max(...SCOPES[params.scopes].flatMap((scope) => s.sites.map((site) => reachShare(site, scope, points))));
      worst = Math.min(worst, best);
    }
    if (worst < 1) return { placenta, reach: worst };
  }
  return null;
}
