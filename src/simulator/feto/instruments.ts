// The airway page's guide (the task's steps, done ones ticked) and instruments (the tip's depth, the carina, the
// cords, the balloon and the contacts), refreshed by the frame loop.
import { FETO_STEPS, fetoStepDone, type FetoOutcome, type FetoTask } from '../../domain/airway/attempt.ts';
import { cordsPassable, type Airway } from '../../domain/airway/model.ts';
import { clockText } from '../../domain/time.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $ } from '../panels.ts';
import type { SimKey, Translate } from '../strings.ts';
import { el } from './fit-page.ts';
import type { FetoSession } from './session.ts';

const STEP_KEYS = {
  passCords: 'sim.feto.step.passCords',
  reachCarina: 'sim.feto.step.reachCarina',
  inflate: 'sim.feto.step.inflate',
  detach: 'sim.feto.step.detach',
  withdraw: 'sim.feto.step.withdraw',
  findBalloon: 'sim.feto.step.findBalloon',
  puncture: 'sim.feto.step.puncture',
} as const satisfies Record<(typeof FETO_STEPS)[FetoTask][number], SimKey>;

/** The guide: the task's steps, done ones ticked, the first one left as the prompt (guided mode). */
export function createFetoGuide(t: Translate, task: FetoTask, guided: boolean): (state: FetoOutcome) => void {
  const steps = FETO_STEPS[task];
  $('sim-guide').hidden = !guided;
  const items = steps.map((step) => el('li', t(STEP_KEYS[step])));
  $('sim-steps').replaceChildren(...items);
  return (state) => {
    const done = steps.map((step) => fetoStepDone(state, step));
    const index = done.indexOf(false) < 0 ? steps.length : done.indexOf(false);
    items.forEach((li, i) => {
      li.dataset['state'] = i < index ? 'done' : i === index ? 'current' : 'todo';
      if (i === index) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    $('sim-step-count').textContent = t('sim.stepOf', { n: Math.min(index + 1, steps.length), total: steps.length });
    const prompt = index < steps.length ? t(STEP_KEYS[steps[index]!]) : t('sim.feto.step.done');
    if ($('sim-prompt').textContent !== prompt) $('sim-prompt').textContent = prompt;
  };
}

/** The instruments at `tMs` on the airway's clock, and a contact said over the view while the surgery runs. */
export function createFetoHud(
  airway: Airway,
  session: FetoSession,
  say: (text: string) => void,
  t: Translate,
  lang: Locale,
): (state: FetoOutcome, tMs: number) => void {
  // Millimetres in the reader's language and order (an Arabic page reads the unit after the number, in its script).
  const mm = new Intl.NumberFormat(lang, { style: 'unit', unit: 'millimeter', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const ml = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  let contactsSeen = 0;
  return (state, tMs) => {
    $('sim-f-depth').textContent = mm.format(state.tip.depth);
    $('sim-f-carina').textContent = mm.format(airway.landmarks.carina - state.tip.depth);
    $('sim-f-cords').textContent = t(cordsPassable(airway, tMs) ? 'sim.feto.hud.open' : 'sim.feto.hud.closed');
    const b = state.balloon;
    const volumeText = b ? ml.format(b.volumeMl) : '';
    $('sim-f-balloon').textContent = t(
      !b ? 'sim.feto.balloon.none' : b.punctured ? 'sim.feto.balloon.punctured' : b.detached ? 'sim.feto.balloon.detached' : 'sim.feto.balloon.attached',
      { volume: volumeText },
    );
    $('sim-f-contacts').textContent = String(state.contactSteps);
    $('sim-timer').textContent = clockText(session.clock());
    if (state.contactSteps > contactsSeen && session.phase === 'running') say(t('sim.feto.contact'));
    contactsSeen = state.contactSteps;
  };
}
