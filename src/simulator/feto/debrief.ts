// After Finish of a FETO case: the airway map with its gates, the time, path and contact components, and the score.
// Shown at once from this device's replay, then replaced by the server's, which is the score of record.
import type { FetoOutcome } from '../../domain/airway/attempt.ts';
import type { Airway } from '../../domain/airway/model.ts';
import { FETO_GATE_CEILING } from '../../domain/airway/record.ts';
import { FETO_GATES, FETO_SCORING, scoreFeto, type FetoGateId } from '../../domain/airway/score.ts';
import { clockText } from '../../domain/time.ts';
import { $submission } from '../../stores/attempts/attempt.ts';
import { showSubmission } from '../submission-line.ts';
import type { SimKey, Translate } from '../strings.ts';
import { airwayMapSvg, TASK_GATES } from './map.ts';

const GATE_KEYS = {
  trauma: 'sim.feto.gate.trauma',
  forcedCords: 'sim.feto.gate.forcedCords',
  carinaNotSeen: 'sim.feto.gate.carinaNotSeen',
  balloonLeaks: 'sim.feto.gate.balloonLeaks',
  balloonInBronchus: 'sim.feto.gate.balloonInBronchus',
  volume: 'sim.feto.gate.volume',
  notDetached: 'sim.feto.gate.notDetached',
  blindPuncture: 'sim.feto.gate.blindPuncture',
  balloonNotRemoved: 'sim.feto.gate.balloonNotRemoved',
  notWithdrawn: 'sim.feto.gate.notWithdrawn',
} as const satisfies Record<FetoGateId, SimKey>;

/** The components as score.ts weighs them: their share earned (0–1), weight and advice. */
function components(airway: Airway, o: FetoOutcome) {
  const falloff = (value: number, full: number, zero: number) => Math.max(0, Math.min(1, (zero - value) / (zero - full)));
  const target = o.task === 'insertion' ? airway.landmarks.carina : airway.landmarks.cords;
  const { pathMm, timeMs } = FETO_SCORING;
  return [
    {
      id: 'time',
      name: 'sim.feto.c.time',
      advice: 'sim.feto.a.time',
      value: falloff(o.endMs, timeMs.full, timeMs.zero),
      weight: 40,
      vars: { time: clockText(o.endMs), full: clockText(timeMs.full) },
    },
    {
      id: 'path',
      name: 'sim.feto.c.path',
      advice: 'sim.feto.a.path',
      value: falloff(o.pathMm, target * pathMm.fullFactor, target * pathMm.zeroFactor),
      weight: 40,
      vars: { path: Math.round(o.pathMm), full: Math.round(target * pathMm.fullFactor) },
    },
    {
      id: 'contacts',
      name: 'sim.feto.c.contacts',
      advice: 'sim.feto.a.contacts',
      value: falloff(o.contactSteps, 0, 50),
      weight: 20,
      vars: { contacts: o.contactSteps },
    },
  ] as const;
}

const isGate = (id: string): id is FetoGateId => (FETO_GATES as readonly string[]).includes(id);

export function showFetoDebrief(airway: Airway, o: FetoOutcome, t: Translate, lang: string, dir: 'ltr' | 'rtl'): void {
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  const local = scoreFeto(airway, o);
  const labels = {
    title: t('sim.feto.map'),
    lips: t('sim.feto.map.lips'),
    epiglottis: t('sim.feto.map.epiglottis'),
    cords: t('sim.feto.map.cords'),
    carina: t('sim.feto.map.carina'),
    zone: t('sim.feto.map.zone'),
    balloon: t('sim.feto.map.balloon'),
  };
  $('sim-types').hidden = true;
  $('sim-benchmark').hidden = true;
  const render = (failed: readonly FetoGateId[], score: number, timeMs: number) => {
    const legend = document.createElement('ol');
    legend.className = 'airway-gates';
    legend.append(
      ...TASK_GATES[o.task].map((gate) => {
        const li = document.createElement('li');
        li.dataset['gate'] = gate;
        li.dataset['failed'] = String(failed.includes(gate));
        li.textContent = `${t(GATE_KEYS[gate])}: ${t(failed.includes(gate) ? 'sim.feto.gateFailed' : 'sim.feto.gatePassed')}`;
        return li;
      }),
    );
    const caption = document.createElement('figcaption');
    caption.textContent = t('sim.feto.map');
    $('sim-map').innerHTML = airwayMapSvg(airway, o, failed, labels, dir);
    $('sim-map').prepend(caption);
    $('sim-map').append(legend);
    $('sim-components').replaceChildren(
      ...components(airway, o).map((row) => {
        const tr = document.createElement('tr');
        tr.dataset['component'] = row.id;
        tr.setAttribute('role', 'row');
        [t(row.name), percent.format(row.value), String(row.weight), t(row.advice, row.vars)].forEach((text, i) => {
          const cell = document.createElement(i === 0 ? 'th' : 'td');
          if (i === 0) cell.setAttribute('scope', 'row');
          cell.setAttribute('role', i === 0 ? 'rowheader' : 'cell');
          if (i === 1 || i === 2) cell.dataset['label'] = t(i === 1 ? 'sim.debrief.value' : 'sim.debrief.weight');
          cell.textContent = text;
          tr.append(cell);
        });
        return tr;
      }),
    );
    for (const capped of [$('sim-capped'), $('sim-result-capped')]) {
      capped.hidden = failed.length === 0;
      const list = document.createElement('ul');
      list.append(
        ...failed.map((gate) => {
          const li = document.createElement('li');
          li.dataset['gate'] = gate;
          li.textContent = t(GATE_KEYS[gate]);
          return li;
        }),
      );
      const headline = document.createElement('p');
      headline.textContent = t('sim.feto.capped', { score: FETO_GATE_CEILING });
      capped.replaceChildren(...(failed.length > 0 ? [headline, list] : []));
    }
    $('sim-score').textContent = String(score);
    $('sim-surgery-time').textContent = clockText(timeMs);
  };
  render(local.failed, local.failed.length > 0 ? FETO_GATE_CEILING : local.score, o.endMs);

  $submission.subscribe((sub) => {
    showSubmission(sub, t);
    // The server's replay is the score of record: its gates and score replace this device's.
    if (sub.status === 'saved') render(sub.result.gates.map((g) => g.id).filter(isGate), sub.result.score, sub.result.surgeryTimeMs);
  });
}

const $ = (id: string) => document.getElementById(id)!;
