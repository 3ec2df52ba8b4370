// The airway's page is the laser's page refitted: what the balloon needs is added (its controls, the instruments' rows,
// the help), what the laser needs is hidden.
import type { FetoTask } from '../../domain/airway/attempt.ts';
import type { Airway } from '../../domain/airway/model.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $ } from '../panels.ts';
import type { SimKey, Translate } from '../strings.ts';
import { VOLUME } from './balloon.ts';

export const FETO_TASK_KEYS = { insertion: 'sim.feto.task.insertion', removal: 'sim.feto.task.removal' } as const satisfies Record<FetoTask, SimKey>;
const INTRO_KEYS = { insertion: 'sim.feto.intro.insertion', removal: 'sim.feto.intro.removal' } as const satisfies Record<FetoTask, SimKey>;
const HELP = {
  keyboard: ['sim.feto.keys.steer', 'sim.keys.advance', 'sim.feto.keys.balloon', 'sim.feto.keys.volume', 'sim.keys.pause', 'sim.keys.finish'],
  touch: ['sim.touch.pivot', 'sim.touch.depth', 'sim.feto.touch.help', 'sim.touch.help.pause', 'sim.touch.help.finish'],
  gamepad: ['sim.feto.keys.gamepad'],
} as const satisfies Record<string, readonly SimKey[]>;

/** A new element with its text and attributes. */
export const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}) => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};

/** Turns the laser page's parts into the airway's; answers the balloon's volume field. */
export function fitPage(t: Translate, task: FetoTask, airway: Airway, lang: Locale) {
  for (const id of ['sim-laser', 'sim-site-choice', 'sim-scope-choice', 'sim-hud-target']) $(id).hidden = true;
  $('sim').dataset.procedure = 'feto';
  $('sim-intro-title').textContent = t(FETO_TASK_KEYS[task]);
  $('sim-intro-text').textContent = t(INTRO_KEYS[task]);
  const mm = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  $('sim-intro-placenta').textContent = t('sim.feto.intro.airway', {
    weeks: airway.gaWeeks,
    diameter: mm.format(airway.tracheaDiameterMm),
    carina: mm.format(airway.landmarks.carina),
  });
  // The instruments: the tip's depth, the carina, the cords, the balloon and the contacts.
  const hud = $('sim-hud-title').nextElementSibling as HTMLElement;
  const names = {
    depth: 'sim.feto.hud.depth',
    carina: 'sim.feto.hud.carina',
    cords: 'sim.feto.hud.cords',
    balloon: 'sim.feto.hud.balloon',
    contacts: 'sim.hud.contacts',
  } as const satisfies Record<string, SimKey>;
  const rows = Object.entries(names).map(([name, key]) => {
    const row = el('div');
    row.append(el('dt', t(key)), el('dd', '', { id: `sim-f-${name}` }));
    return row;
  });
  hud.replaceChildren(...rows);
  // The balloon's controls beside the view, for a mouse and for anyone who prefers buttons to keys.
  const controls = el('section', undefined, { class: 'sim-balloon', 'aria-labelledby': 'sim-balloon-title' });
  const volume = el('input', undefined, {
    id: 'sim-volume',
    type: 'number',
    min: String(VOLUME.min),
    max: String(VOLUME.max),
    step: String(VOLUME.step),
    value: String(VOLUME.start),
    inputmode: 'decimal',
    dir: 'ltr',
  });
  const label = el('label', t('sim.feto.volume'), { for: 'sim-volume' });
  const buttons = el('p', undefined, { class: 'sim-balloon-buttons' });
  for (const action of task === 'insertion' ? (['inflate', 'detach'] as const) : (['puncture'] as const))
    buttons.append(el('button', t(`sim.feto.${action}`), { type: 'button', class: 'sim-button sim-ghost', 'data-feto': action }));
  controls.append(el('h2', t('sim.feto.balloon'), { id: 'sim-balloon-title' }), ...(task === 'insertion' ? [label, volume] : []), buttons);
  $('sim-finish').after(controls);
  // The on-screen controls: the stick steers, the slider advances; the laser's three buttons become the balloon's.
  const touch = $('sim-touch');
  const relabel = (name: string, key: SimKey | null) => {
    const button = touch.querySelector<HTMLElement>(`[data-touch="${name}"]`)!;
    button.hidden = key === null;
    button.removeAttribute('aria-pressed');
    if (key) button.textContent = t(key);
  };
  relabel('laser', task === 'insertion' ? 'sim.feto.inflate' : null);
  relabel('exchange', task === 'insertion' ? 'sim.feto.detach' : null);
  relabel('mark', task === 'removal' ? 'sim.feto.puncture' : null);
  relabel('fire', null);
  touch.querySelector<HTMLElement>('.sim-roll')!.hidden = true;
  // The help names the airway's controls.
  const help = $('sim-keys-title').parentElement!;
  for (const list of help.querySelectorAll<HTMLElement>('ul[data-for]')) {
    const device = list.dataset['for'] as keyof typeof HELP;
    list.replaceChildren(...HELP[device].map((key) => el('li', t(key))));
  }
  $('sim-minimap').setAttribute('aria-label', t('sim.feto.minimap'));
  $('sim-minimap').nextElementSibling!.textContent = t('sim.feto.minimap');
  return volume;
}
