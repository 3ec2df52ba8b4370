// The intro panel: the task, where the placenta lies, and, when the case offers both, the choice of a straight or
// an angled scope (radio buttons, reachable with Tab and the arrow keys).
import type { Scenario, ScopeKind } from '../domain/simulator/index.ts';
import { PLACENTA_KEYS, TASK_KEYS, type Translate } from './strings.ts';

const byId = (id: string) => document.getElementById(id)!;

/** Fills the intro and answers the scope currently chosen; `changed` fires when the learner picks another. */
export function setUpIntro(t: Translate, scenario: Scenario, changed: (scope: ScopeKind) => void): () => ScopeKind {
  const { params, placenta } = scenario;
  byId('sim-intro-title').textContent = t(TASK_KEYS[params.task].name);
  byId('sim-intro-text').textContent = t(TASK_KEYS[params.task].intro);
  byId('sim-intro-placenta').textContent = t(PLACENTA_KEYS[placenta.position]);
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
  return () => scope;
}
