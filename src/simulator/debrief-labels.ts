// The debrief map's and type list's words, in the page's language: one shape for the map (debrief-map.ts) and the
// list beside it (debrief-types.ts), which each read it.

/**
 * Every word the map and the list of types show, already translated; `youTyped`, `typedRightAs`, `notTyped` and
 * `falseTyped` hold {{typed}} and {{kind}} placeholders; `hint` says how each kind is told, for a wrong type.
 */
export interface DebriefLabels {
  title: string;
  equator: string;
  membrane: string;
  sealed: string;
  sealedByLine: string;
  residual: string;
  gap: string;
  burn: string;
  path: string;
  falseMark: string;
  targetReached: string;
  targetMissed: string;
  entry: string;
  bestSite: string;
  donorCord: string;
  recipientCord: string;
  /** The twins' names written beside their cords on the map. */
  donor: string;
  recipient: string;
  donorVessels: string;
  recipientVessels: string;
  typedRight: string;
  typedWrong: string;
  youTyped: string;
  typedRightAs: string;
  notTyped: string;
  falseTyped: string;
  hintAV: string;
  hintVA: string;
  hintAA: string;
  hintVV: string;
  dir: 'ltr' | 'rtl';
}
