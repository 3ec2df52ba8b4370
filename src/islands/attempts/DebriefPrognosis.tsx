import type { AttemptResult } from '../../api/attempts.ts';
import { fill } from '../../i18n/fill.ts';
import { prognosisText } from '../../simulator/prognosis-card.ts';
import type { AttemptStrings } from './attempt-strings.ts';

/**
 * A stored attempt's outcome card, as the simulator showed it at the end: what the operation leaves the twins with,
 * from the prognosis the server replayed. Nothing for a navigation case or an attempt stored before it was kept.
 */
export default function DebriefPrognosis({ result, locale, strings }: { result: AttemptResult; locale: string; strings: AttemptStrings }) {
  const prognosis = result.debrief?.prognosis;
  if (!prognosis) return null;
  const facts = { contacts: result.metrics.contacts ?? 0, offPlateJ: result.metrics.energyOffPlateJ ?? 0, minutes: result.surgeryTimeMs / 60_000 };
  const { review, lines } = prognosisText(prognosis, facts, (key, vars = {}) => fill(strings[key], vars), locale);
  return (
    <section className="debrief-prognosis" aria-labelledby="debrief-prognosis-title">
      <h3 id="debrief-prognosis-title">{strings['sim.prognosis.title']}</h3>
      <p>{review}</p>
      <ul>
        {lines.map((line) => (
          <li key={line.id} data-risk={line.id} data-level={line.level}>
            <strong>{line.head}</strong> {line.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
