// The simulator page's strings: the page embeds the 'sim' section in its own language for the script to show.
import type { AnastomosisKind, Complication, GuidedStepId, PlacentalPosition, Task } from '../domain/simulator/index.ts';
import type { Key } from '../i18n/en.ts';
import type { Sections } from '../i18n/index.ts';
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

/** The prompts that name keys, as they read on a touch screen (the on-screen controls' names instead). */
export const TOUCH_STEP_KEYS: Partial<Record<GuidedStepId, SimKey>> = {
  explore: 'sim.step.touch.explore',
  'identify-anastomoses': 'sim.step.touch.identify-anastomoses',
  'activate-laser': 'sim.step.touch.activate-laser',
  coagulate: 'sim.step.touch.coagulate',
};

export const TASK_KEYS = {
  navigation: { name: 'sim.task.navigation', intro: 'sim.intro.navigation' },
  selective: { name: 'sim.task.selective', intro: 'sim.intro.selective' },
  solomon: { name: 'sim.task.solomon', intro: 'sim.intro.solomon' },
} as const satisfies Record<Task, { name: Key; intro: Key }>;

export const PLACENTA_KEYS = { anterior: 'sim.intro.anterior', posterior: 'sim.intro.posterior' } as const satisfies Record<PlacentalPosition, Key>;

/** A case's complication as the intro states it, with what the learner must do (complications.ts). */
export const COMPLICATION_KEYS = {
  'entry-bleed': 'sim.intro.complication.entry-bleed',
  separation: 'sim.intro.complication.separation',
  'moving-donor': 'sim.intro.complication.moving-donor',
} as const satisfies Record<Complication, Key>;

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
  'sim.keys.exchange',
  'sim.keys.wipe',
  'sim.keys.pause',
  'sim.keys.finish',
  'sim.keys.gamepad',
] as const satisfies readonly Key[];

/** The same help as it reads on a touch screen: the on-screen controls by the names they carry. */
export const TOUCH_HELP_KEYS = [
  'sim.touch.pivot',
  'sim.touch.depth',
  'sim.touch.help.roll',
  'sim.touch.help.laser',
  'sim.touch.help.fire',
  'sim.touch.help.mark',
  'sim.touch.help.exchange',
  'sim.touch.help.wipe',
  'sim.touch.help.pause',
  'sim.touch.help.finish',
] as const satisfies readonly Key[];

/**
 * The texts that name the controls, per device the page is played with: the help beside the view, the pause
 * panel's hint and the marking dialog's. The page renders each device's text and its stylesheet shows one: the
 * keyboard's, a touch screen's (the page's data-touch), or a connected controller's (data-pad).
 */
export const DEVICE_HINT_KEYS = {
  help: { keyboard: HELP_KEYS, touch: TOUCH_HELP_KEYS, gamepad: ['sim.keys.gamepad', 'sim.keys.exchange', 'sim.keys.wipe'] },
  paused: { keyboard: 'sim.pausedHint', touch: 'sim.pausedHint.touch', gamepad: 'sim.pausedHint.gamepad' },
  mark: { keyboard: 'sim.mark.hint', touch: 'sim.mark.hint.touch', gamepad: 'sim.mark.hint.gamepad' },
} as const satisfies {
  help: Record<HintDevice, readonly Key[]>;
  paused: Record<HintDevice, Key>;
  mark: Record<HintDevice, Key>;
};

/** The devices whose words the hints can take. */
export type HintDevice = 'keyboard' | 'touch' | 'gamepad';

/** Every string the page's script may show: the whole 'sim' section of the dictionary. */
export type SimStrings = Sections<'sim'>;
export type SimKey = keyof SimStrings;

export type Translate = (key: SimKey, vars?: Record<string, string | number>) => string;

/** The page's translation function over the strings it embedded. */
export function translator(strings: SimStrings): Translate {
  return (key, vars) => (vars ? fill(strings[key], vars) : strings[key]);
}
