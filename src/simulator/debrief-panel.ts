// After Finish: the debrief (the map, each score component with its advice, the experts' benchmark) and then the
// final score and surgery time. Shown at once from this device's own run, then replaced by the server's replay.
import { turbidityCurveSvg } from './turbidity-curve.ts';
import {
  computeMetrics,
  debriefOf,
  scoreAttempt,
  type ComponentId,
  type Debrief,
  type Gate,
  type SimMetrics,
  type SimState,
} from '../domain/simulator/index.ts';
import { clockText } from '../domain/time.ts';
import type { AttemptResult } from '../api/attempts.ts';
import { $submission, type SubmissionFailure } from '../stores/attempts/attempt.ts';
import { debriefSvg } from './debrief-map.ts';
import { componentRows, debriefLabels } from './debrief-text.ts';
import { typeLines } from './debrief-types.ts';
import { cappedHeadline, gateNotes, laserGates } from './gate-text.ts';
import type { SimKey, SimStrings, Translate } from './strings.ts';

/**
 * Why the result is not in the record: the learner signs in and sends it again, or the server refused it for good (it
 * stays on this device, listed in My learning). A rate limit or the day's cap is never shown as one: the attempt is kept and sent later.
 */
const SAVE_ERRORS: Record<SubmissionFailure, SimKey> = {
  signedOut: 'sim.error.signedOut',
  otherUser: 'sim.error.otherUser',
  expired: 'sim.error.expired',
  refused: 'sim.error.refused',
  used: 'sim.error.used',
  failed: 'sim.error.rejected',
  capped: 'sim.result.keptCapped',
  limited: 'sim.result.kept',
};

/** What the debrief shows; the local replay fills it first, the server's stored attempt replaces it. */
interface Figures {
  score: number;
  surgeryTimeMs: number;
  components: Partial<Record<ComponentId, number>>;
  weights: Partial<Record<ComponentId, number>>;
  /** The gates that capped the score: the debrief says why it is no higher. */
  gates: Gate[];
  /** The counts behind the components (contacts, anastomoses left open): the advice states them. */
  metrics: Partial<SimMetrics>;
  debrief: Debrief;
  benchmark: { score: number; surgeryTimeMs: number; attempts: number } | null;
}

/** The server's replay is the score of record; an attempt it could not map keeps this device's map. */
function fromServer(result: AttemptResult, local: Figures): Figures {
  return {
    score: result.score,
    surgeryTimeMs: result.surgeryTimeMs,
    components: result.components,
    weights: result.weights,
    gates: laserGates(result.gates),
    metrics: result.metrics,
    debrief: result.debrief ?? local.debrief,
    benchmark: result.benchmark,
  };
}

const byId = (id: string) => document.getElementById(id)!;

export function showDebrief(state: SimState, t: Translate, strings: SimStrings, lang: string, dir: 'ltr' | 'rtl'): void {
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  const metrics = computeMetrics(state);
  const local = scoreAttempt(metrics);
  const localFigures: Figures = {
    score: local.score,
    surgeryTimeMs: metrics.surgeryTimeMs,
    components: local.components,
    weights: local.weights,
    gates: local.gates,
    metrics,
    debrief: debriefOf(state),
    benchmark: null,
  };
  const labels = debriefLabels(strings, dir);

  const render = (f: Figures) => {
    // The blood in the fluid over the surgery, from the debrief (the server's stored one once it answers).
    const curve = turbidityCurveSvg(f.debrief.turbidity ?? [], t('sim.debrief.turbidity'));
    byId('sim-map').innerHTML = debriefSvg(f.debrief, labels) + (curve ? `<figcaption>${t('sim.debrief.turbidity')}</figcaption>${curve}` : '');
    const types = typeLines(f.debrief, labels);
    byId('sim-types').hidden = types.length === 0;
    byId('sim-types-list').replaceChildren(
      ...types.map((line) => {
        const li = document.createElement('li');
        li.dataset.verdict = line.verdict;
        li.textContent = line.text;
        return li;
      }),
    );
    const body = byId('sim-components');
    body.replaceChildren(
      ...componentRows(f.components, f.weights, f.metrics).map((row) => {
        const tr = document.createElement('tr');
        tr.dataset.component = row.id;
        // Roles spelled out: on a phone the rows are laid out as grids, which would drop the table's own semantics.
        tr.setAttribute('role', 'row');
        [t(row.name), percent.format(row.value), String(row.weight), t(row.advice, row.adviceVars)].forEach((text, i) => {
          const cell = document.createElement(i === 0 ? 'th' : 'td');
          if (i === 0) cell.setAttribute('scope', 'row');
          cell.setAttribute('role', i === 0 ? 'rowheader' : 'cell');
          if (i === 1 || i === 2) cell.dataset.label = t(i === 1 ? 'sim.debrief.value' : 'sim.debrief.weight');
          cell.textContent = text;
          tr.append(cell);
        });
        return tr;
      }),
    );
    const bench = byId('sim-benchmark');
    bench.hidden = f.benchmark === null;
    if (f.benchmark) {
      bench.textContent = `${t('sim.debrief.benchmark', { you: clockText(f.surgeryTimeMs), experts: clockText(f.benchmark.surgeryTimeMs) })} ${t(
        'sim.debrief.benchmarkScore',
        { score: f.benchmark.score, attempts: f.benchmark.attempts },
      )}`;
    }
    // The same notes under the debrief's table and under the final score: which gate capped it, and why.
    const notes = gateNotes(f.gates, f.metrics, lang);
    for (const capped of [byId('sim-capped'), byId('sim-result-capped')]) {
      capped.hidden = notes.length === 0;
      const items = notes.map((note) => {
        const li = document.createElement('li');
        li.dataset.gate = note.id;
        li.textContent = t(note.key, note.vars);
        return li;
      });
      const list = document.createElement('ul');
      list.append(...items);
      const headline = document.createElement('p');
      headline.textContent = notes.length > 0 ? cappedHeadline(notes, t, lang) : '';
      capped.replaceChildren(...(notes.length > 0 ? [headline, list] : []));
    }
    byId('sim-score').textContent = String(f.score);
    byId('sim-surgery-time').textContent = clockText(f.surgeryTimeMs);
  };
  render(localFigures);

  $submission.subscribe((sub) => {
    const line = byId('sim-save');
    line.dataset.state = sub.status;
    const signIn = sub.status === 'error' && (sub.reason === 'signedOut' || sub.reason === 'otherUser');
    (byId('sim-retry') as HTMLButtonElement).hidden = !(sub.status === 'kept' || signIn);
    byId('sim-signin').hidden = !signIn;
    byId('sim-debrief-source').textContent =
      sub.status === 'saved'
        ? t('sim.debrief.confirmed')
        : sub.status === 'saving' || sub.status === 'kept' || sub.status === 'error'
          ? t('sim.debrief.local')
          : '';
    if (sub.status === 'saving') line.textContent = t('sim.result.saving');
    else if (sub.status === 'practice') line.textContent = t('sim.result.practice');
    else if (sub.status === 'demo') line.textContent = t('sim.result.demo');
    else if (sub.status === 'kept') line.textContent = t(!sub.onDevice ? 'sim.result.unkept' : sub.capped ? 'sim.result.keptCapped' : 'sim.result.kept');
    else if (sub.status === 'error') line.textContent = t(SAVE_ERRORS[sub.reason]);
    else if (sub.status === 'saved') {
      line.textContent = t('sim.result.saved');
      render(fromServer(sub.result, localFigures));
    } else line.textContent = '';
  });
}
