// The instruments beside the view (distance, incidence, scope, laser, time, contacts, target) and the guided
// walkthrough's prompt. Text nodes are written only when what they show changes.
import {
  currentStep,
  laserStatus,
  TASK_STEPS,
  type Aim,
  type GuidedProgress,
  type GuidedStepId,
  type ScopeKind,
  type SimState,
} from '../domain/simulator/index.ts';
import { clockText } from '../domain/time.ts';
import { STEP_KEYS, TOUCH_STEP_KEYS, type SimKey, type Translate } from './strings.ts';

const byId = (id: string) => document.getElementById(id)!;

/** Sets an element's text only when it differs, so a frame that changes nothing touches no DOM. */
function writer(id: string): (text: string) => void {
  const el = byId(id);
  let shown: string | null = null;
  return (text) => {
    if (text === shown) return;
    shown = text;
    el.textContent = text;
  };
}

export interface Hud {
  /** `aim` is where the line of sight meets the plate, for the intro's choice before the fetoscopy opens. */
  update(state: SimState, scope: ScopeKind, aim: Aim | null, clockMs: number): void;
}

export function createHud(t: Translate, lang: string): Hud {
  const mm = new Intl.NumberFormat(lang, { style: 'unit', unit: 'millimeter', maximumFractionDigits: 0 });
  const degrees = new Intl.NumberFormat(lang, { style: 'unit', unit: 'degree', unitDisplay: 'narrow', maximumFractionDigits: 0 });
  const write = {
    distance: writer('sim-h-distance'),
    angle: writer('sim-h-angle'),
    scope: writer('sim-h-scope'),
    laser: writer('sim-h-laser'),
    contacts: writer('sim-h-contacts'),
    target: writer('sim-h-target'),
    timer: writer('sim-timer'),
    status: writer('sim-laser'),
  };
  const laserBadge = byId('sim-laser');
  return {
    update(state, scope, aim, clockMs) {
      write.distance(aim ? mm.format(aim.distanceMm) : t('sim.hud.offPlate'));
      write.angle(aim ? degrees.format((Math.acos(Math.min(1, aim.cos)) * 180) / Math.PI) : '–');
      write.scope(t((state.scope ?? scope) === 'angled' ? 'sim.scope.angled' : 'sim.scope.straight'));
      const status = laserStatus(state);
      const laser: SimKey = status === 'firing' ? 'sim.firing' : status === 'on' ? 'sim.laserOn' : 'sim.laserOff';
      write.laser(t(laser));
      write.status(t(laser));
      laserBadge.dataset.state = status;
      write.contacts(String(state.contacts));
      const total = state.scenario.targets.length;
      write.target(state.nextTarget >= total ? t('sim.hud.targetsDone') : t('sim.hud.targetOf', { n: state.nextTarget + 1, total }));
      write.timer(clockText(clockMs));
    },
  };
}

export interface Guide {
  update(state: SimState): void;
}

/** The task's steps as a list, the current one's prompt, and "step n of N"; `touch` names the on-screen controls, not keys. */
export function createGuide(t: Translate, state: SimState, guided: boolean, touch: boolean): Guide {
  const text = (step: GuidedStepId) => t((touch && TOUCH_STEP_KEYS[step]) || STEP_KEYS[step]);
  const section = byId('sim-guide');
  section.hidden = !guided;
  const steps = TASK_STEPS[state.scenario.params.task];
  const items = steps.map((step) => {
    const li = document.createElement('li');
    li.textContent = text(step);
    byId('sim-steps').append(li);
    return li;
  });
  const count = writer('sim-step-count');
  const prompt = writer('sim-prompt');
  let shown: GuidedProgress | null = null;
  return {
    update(s) {
      if (!guided) return;
      const step = currentStep(s);
      if (step === shown) return;
      shown = step;
      const index = step === 'done' ? steps.length : steps.indexOf(step);
      count(t('sim.stepOf', { n: Math.min(index + 1, steps.length), total: steps.length }));
      prompt(step === 'done' ? '' : text(step));
      items.forEach((li, i) => {
        li.dataset.state = i < index ? 'done' : i === index ? 'current' : 'todo';
        if (i === index) li.setAttribute('aria-current', 'step');
        else li.removeAttribute('aria-current');
      });
      document.getElementById('sim')!.dataset.step = step;
    },
  };
}
