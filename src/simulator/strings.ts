// The simulator page's strings: the page embeds these keys in its own language for the script to show.
import type { AnastomosisKind, GuidedStepId, PlacentalPosition, Task } from '../domain/simulator/index.ts';
import type { Key } from '../i18n/en.ts';
import { DEBRIEF_KEYS } from './debrief-text.ts';
import { fill } from '../i18n/fill.ts';

/** The guided prompt of each step. */
export const STEP_KEYS = {
  'open-fetoscopy': 'sim.step.open-fetoscopy',
  explore: 'sim.step.explore',
  'reach-targets': 'sim.step.reach-targets',
  'identify-anastomoses': 'sim.step.identify-anastomoses',
  'activate-laser': 'sim.step.activate-laser',
  coagulate: 'sim.step.coagulate',
  'join-coagulations': 'sim.step.join-coagulations',
  'draw-solomon-line': 'sim.step.draw-solomon-line',
  'finish-review': 'sim.step.finish-review',
} as const satisfies Record<GuidedStepId, Key>;

export const TASK_KEYS = {
  navigation: { name: 'sim.task.navigation', intro: 'sim.intro.navigation' },
  selective: { name: 'sim.task.selective', intro: 'sim.intro.selective' },
  solomon: { name: 'sim.task.solomon', intro: 'sim.intro.solomon' },
} as const satisfies Record<Task, { name: Key; intro: Key }>;

export const PLACENTA_KEYS = { anterior: 'sim.intro.anterior', posterior: 'sim.intro.posterior' } as const satisfies Record<PlacentalPosition, Key>;

/** The marking dialog's choices, in the order of the 1-4 keys. */
export const KIND_KEYS = { AV: 'sim.mark.AV', VA: 'sim.mark.VA', AA: 'sim.mark.AA', VV: 'sim.mark.VV' } as const satisfies Record<AnastomosisKind, Key>;

/** The keyboard help beside the view, one line per control. */
export const HELP_KEYS = [
  'sim.keys.turn',
  'sim.keys.advance',
  'sim.keys.roll',
  'sim.keys.laser',
  'sim.keys.fire',
  'sim.keys.mark',
  'sim.keys.pause',
  'sim.keys.finish',
] as const satisfies readonly Key[];

export const SIM_KEYS = [
  'sim.title',
  'sim.caseLabel',
  'sim.loading',
  ...Object.values(TASK_KEYS).flatMap((k) => [k.name, k.intro]),
  ...Object.values(PLACENTA_KEYS),
  'sim.scope.choose',
  'sim.scope.straight',
  'sim.scope.angled',
  'sim.scope.angledHint',
  'sim.start',
  'sim.mode.guided',
  'sim.mode.test',
  'sim.view',
  'sim.minimap',
  'sim.keys.title',
  ...HELP_KEYS,
  'sim.guide',
  'sim.stepOf',
  ...Object.values(STEP_KEYS),
  'sim.hud.title',
  'sim.hud.distance',
  'sim.hud.angle',
  'sim.hud.offPlate',
  'sim.hud.scope',
  'sim.hud.laser',
  'sim.hud.contacts',
  'sim.hud.target',
  'sim.hud.targetOf',
  'sim.hud.targetsDone',
  'sim.laserOn',
  'sim.laserOff',
  'sim.firing',
  'sim.time',
  'sim.contact',
  'sim.finish',
  'sim.paused',
  'sim.pausedHint',
  'sim.resume',
  'sim.mark.title',
  'sim.mark.hint',
  ...Object.values(KIND_KEYS),
  'sim.mark.cancel',
  'sim.mark.offPlate',
  'sim.mark.done',
  ...DEBRIEF_KEYS,
  'sim.debrief.local',
  'sim.debrief.confirmed',
  'sim.next',
  'sim.result.title',
  'sim.result.score',
  'sim.result.time',
  'sim.result.saving',
  'sim.result.saved',
  'sim.result.practice',
  'sim.result.demo',
  'sim.demo.case',
  'sim.error.save',
  'sim.error.expired',
  'sim.retrySave',
  'sim.again',
  'sim.backToCourse',
  'sim.error.link',
  'sim.error.course',
  'sim.error.webgl',
] as const satisfies readonly Key[];

export type SimKey = (typeof SIM_KEYS)[number];
export type SimStrings = Record<SimKey, string>;

export type Translate = (key: SimKey, vars?: Record<string, string | number>) => string;

/** The page's translation function over the strings it embedded. */
export function translator(strings: SimStrings): Translate {
  return (key, vars) => (vars ? fill(strings[key], vars) : strings[key]);
}
