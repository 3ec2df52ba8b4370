// The intro panel: the task, where the placenta lies, the entry site chosen on an ultrasound-style sketch (one
// button per site laid over it, reachable with Tab, pressed with a click, a tap, Enter or Space) and, when the
// case offers both, the choice of a straight or an angled scope (radio buttons, Tab and the arrow keys).
import type { Scenario, ScopeKind } from '../domain/simulator/index.ts';
import { sitePlace, sketchSvg } from './entry-sketch.ts';
import { COMPLICATION_KEYS, PLACENTA_KEYS, TASK_KEYS, type Translate } from './strings.ts';

const byId = (id: string) => document.getElementById(id)!;

/** What the learner chose in the intro: the scope, and the entry site (null while none is chosen). */
export interface Intro {
  scope(): ScopeKind;
  site(): number | null;
}

/** Fills the intro; `changed` fires when the learner picks another scope. */
export function setUpIntro(t: Translate, scenario: Scenario, changed: (scope: ScopeKind) => void): Intro {
  const { params, placenta } = scenario;
  byId('sim-intro-title').textContent = t(TASK_KEYS[params.task].name);
  byId('sim-intro-text').textContent = t(TASK_KEYS[params.task].intro);
  byId('sim-intro-placenta').textContent = t(PLACENTA_KEYS[placenta.position]);
  const complication = byId('sim-intro-complication');
  complication.hidden = params.complication === undefined;
  if (params.complication) complication.textContent = t(COMPLICATION_KEYS[params.complication]);
  let scope: ScopeKind = params.scopes === 'angled' ? 'angled' : 'straight';
  const choice = byId('sim-scope-choice');
  choice.hidden = params.scopes !== 'both';
  for (const input of choice.querySelectorAll<HTMLInputElement>('input[name="sim-scope"]')) {
    input.checked = input.value === scope;
    input.addEventListener('change', () => {
      if (!input.checked) return;
      scope = input.value === 'angled' ? 'angled' : 'straight';
      changed(scope);
    });
  }

  let site: number | null = null;
  const sketch = byId('sim-sketch');
  const status = byId('sim-site-status');
  sketch.innerHTML = sketchSvg(placenta, {
    title: t('sim.site.sketch'),
    placenta: t('sim.site.placenta'),
    membrane: t('sim.debrief.membrane'),
    donor: t('sim.debrief.donor'),
    recipient: t('sim.debrief.recipient'),
  });
  const buttons = scenario.sites.map((trocar, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sim-site';
    button.textContent = String(i + 1);
    button.dataset.site = String(i);
    button.setAttribute('aria-label', t('sim.site.button', { n: i + 1 }));
    button.setAttribute('aria-pressed', 'false');
    const place = sitePlace(trocar);
    button.style.left = `${place.left}%`;
    button.style.top = `${place.top}%`;
    button.addEventListener('click', () => {
      site = i;
      for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
      status.textContent = t('sim.site.chosen', { n: i + 1 });
    });
    return button;
  });
  sketch.append(...buttons);
  return { scope: () => scope, site: () => site };
}
