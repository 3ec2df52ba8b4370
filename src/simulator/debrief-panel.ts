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
import { $submission } from '../stores/attempts/attempt.ts';
import { showSubmission } from './submission-line.ts';
import { debriefSvg } from './debrief-map.ts';
import { componentRows, debriefLabels } from './debrief-text.ts';
import { typeLines } from './debrief-types.ts';
import { cappedHeadline, gateNotes, laserGates } from './gate-text.ts';
import { showPrognosis } from './prognosis-card.ts';
import type { SimStrings, Translate } from './strings.ts';

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
  // The outcome is the model's, from this run: the server's replay of the same log gives the same state.
  showPrognosis(state, t, lang);

  $submission.subscribe((sub) => {
    showSubmission(sub, t);
    if (sub.status === 'saved') render(fromServer(sub.result, localFigures));
  });
}
