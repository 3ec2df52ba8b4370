// The simulator page's strings: the page embeds these keys for all seven languages, the script picks `lan`.
import type { GuidedStepId } from '../domain/simulator/index.ts';

export const SIM_KEYS = [
  'sim.title',
  'sim.caseLabel',
  'sim.loading',
  'sim.intro',
  'sim.start',
  'sim.mode.guided',
  'sim.mode.test',
  'sim.view',
  'sim.minimap',
  'sim.keys.title',
  'sim.keys.move',
  'sim.keys.laser',
  'sim.keys.fire',
  'sim.keys.pause',
  'sim.keys.finish',
  'sim.guide',
  'sim.stepOf',
  'sim.step.open-fetoscopy',
  'sim.step.explore',
  'sim.step.identify-anastomoses',
  'sim.step.activate-laser',
  'sim.step.coagulate',
  'sim.step.join-coagulations',
  'sim.step.draw-solomon-line',
  'sim.step.finish-review',
  'sim.laserOn',
  'sim.laserOff',
  'sim.firing',
  'sim.time',
  'sim.finish',
  'sim.paused',
  'sim.pausedHint',
  'sim.resume',
  'sim.review.title',
  'sim.review.anastomoses',
  'sim.review.line',
  'sim.review.gaps',
  'sim.review.collateral',
  'sim.review.laserTime',
  'sim.next',
  'sim.result.title',
  'sim.result.score',
  'sim.result.time',
  'sim.result.saving',
  'sim.result.saved',
  'sim.result.practice',
  'sim.error.save',
  'sim.error.expired',
  'sim.retrySave',
  'sim.again',
  'sim.backToCourse',
  'sim.error.link',
  'sim.error.webgl',
] as const;

export type SimKey = (typeof SIM_KEYS)[number];
export type SimStrings = Record<SimKey, string>;

/** The dictionary key of each guided step's prompt. */
export const STEP_KEYS: Record<GuidedStepId, SimKey> = {
  'open-fetoscopy': 'sim.step.open-fetoscopy',
  explore: 'sim.step.explore',
  'identify-anastomoses': 'sim.step.identify-anastomoses',
  'activate-laser': 'sim.step.activate-laser',
  coagulate: 'sim.step.coagulate',
  'join-coagulations': 'sim.step.join-coagulations',
  'draw-solomon-line': 'sim.step.draw-solomon-line',
  'finish-review': 'sim.step.finish-review',
};

/** Fills {{name}} placeholders. */
export function format(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
