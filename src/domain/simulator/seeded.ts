// The seeded fetoscopy course's cases, module by module: the parameters the demo catalogue stores with each case
// (the seed writes them), and the cases the reachability test proves winnable from a good entry site.
import type { CaseParams } from './params.ts';

/**
 * The fetoscopy course's simulator parameters, case by case: navigation moves from the easy posterior placenta to
 * the anterior one that needs the angled scope; selective coagulation and the Solomon line get harder through more,
 * and smaller, anastomoses; the last module gives one case of each complication (complications.ts).
 */
export const FETOSCOPY_SIM: CaseParams[][] = [
  [
    { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 3 },
    { task: 'navigation', difficulty: 2, placenta: 'either', anastomoses: 4, smallestMm: 1.4, scopes: 'both', targets: 4 },
    { task: 'navigation', difficulty: 3, placenta: 'anterior', anastomoses: 5, smallestMm: 1, scopes: 'both', targets: 5 },
  ],
  [
    { task: 'selective', difficulty: 2, placenta: 'posterior', anastomoses: 3, smallestMm: 2, scopes: 'straight', targets: 4 },
    { task: 'selective', difficulty: 3, placenta: 'either', anastomoses: 4, smallestMm: 1.2, scopes: 'both', targets: 4 },
    { task: 'selective', difficulty: 4, placenta: 'anterior', anastomoses: 6, smallestMm: 0.8, scopes: 'both', targets: 4 },
    { task: 'selective', difficulty: 5, placenta: 'anterior', anastomoses: 8, smallestMm: 0.5, scopes: 'both', targets: 4 },
  ],
  [
    { task: 'solomon', difficulty: 3, placenta: 'posterior', anastomoses: 4, smallestMm: 1.4, scopes: 'straight', targets: 4 },
    { task: 'solomon', difficulty: 4, placenta: 'either', anastomoses: 6, smallestMm: 0.8, scopes: 'both', targets: 4 },
    { task: 'solomon', difficulty: 5, placenta: 'anterior', anastomoses: 8, smallestMm: 0.4, scopes: 'both', targets: 4 },
  ],
  [
    { task: 'selective', difficulty: 2, placenta: 'posterior', anastomoses: 4, smallestMm: 1.6, scopes: 'straight', targets: 4, complication: 'entry-bleed' },
    { task: 'selective', difficulty: 3, placenta: 'either', anastomoses: 4, smallestMm: 1.2, scopes: 'both', targets: 4, complication: 'separation' },
    { task: 'solomon', difficulty: 3, placenta: 'posterior', anastomoses: 4, smallestMm: 1.4, scopes: 'straight', targets: 4, complication: 'moving-donor' },
  ],
];
