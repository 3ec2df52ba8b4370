import type { AttemptResult } from '../../api/attempts.ts';
import { clockText } from '../../domain/time.ts';
import { FETO_PROCEDURE } from '../../domain/airway/record.ts';
import type { Task } from '../../domain/simulator/params.ts';
import { dirOf, isLocale } from '../../i18n/locales.ts';
import { debriefSvg } from '../../simulator/debrief-map.ts';
import { debriefLabels } from '../../simulator/debrief-text.ts';
import { typeLines } from '../../simulator/debrief-types.ts';
import { cappedHeadline, gateNotes, laserGates } from '../../simulator/gate-text.ts';
import { turbidityCurveSvg } from '../../simulator/turbidity-curve.ts';
import { $debrief, closeDebrief, openDebrief, type DebriefFailure } from '../../stores/attempts/debrief.ts';
import type { AttemptStrings } from './attempt-strings.ts';
import Dialog from '../ui/Dialog.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import FormError from '../ui/FormError.tsx';
import DebriefComponents from './DebriefComponents.tsx';
import DebriefPrognosis from './DebriefPrognosis.tsx';
import FlagReasons from './FlagReasons.tsx';

interface Props {
  locale: string;
  /** What the history row says about the attempt ("Module 1, case 2 · date"), repeated under the heading. */
  caption: string;
  scoreLabel: string;
  timeLabel: string;
  strings: AttemptStrings;
}

const TASK_KEYS = {
  navigation: 'sim.task.navigation',
  selective: 'sim.task.selective',
  solomon: 'sim.task.solomon',
} as const satisfies Record<Task, keyof AttemptStrings>;

const FAILURES = {
  gone: 'attempts.debriefGone',
  network: 'attempts.debriefNetwork',
  failed: 'attempts.debriefError',
  revoked: 'attempts.debriefRevoked',
} as const satisfies Record<DebriefFailure, keyof AttemptStrings>;

function Result({ result, locale, scoreLabel, timeLabel, strings }: { result: AttemptResult } & Omit<Props, 'caption'>) {
  const dir = isLocale(locale) ? dirOf(locale) : 'ltr';
  const { benchmark } = result;
  // Which gate capped the score and why: the same notes as the simulator's result screen.
  const notes = gateNotes(laserGates(result.gates), result.metrics, locale);
  const say = (key: keyof AttemptStrings, vars: Record<string, string | number> = {}) => fill(strings[key], vars);
  const labels = debriefLabels(strings, dir);
  const types = result.debrief ? typeLines(result.debrief, labels) : [];
  // Blood in the fluid over the surgery, kept with the debrief; '' when it stayed clear or was stored before it was kept.
  const curve = turbidityCurveSvg(result.debrief?.turbidity ?? [], strings['sim.debrief.turbidity']);
  return (
    <>
      <dl className="debrief-summary">
        <div>
          <dt>{scoreLabel}</dt>
          <dd>{result.score}</dd>
        </div>
        <div>
          <dt>{timeLabel}</dt>
          <dd>{clockText(result.surgeryTimeMs)}</dd>
        </div>
      </dl>
      {benchmark && (
        <p className="debrief-benchmark">
          {fill(strings['sim.debrief.benchmark'], { you: clockText(result.surgeryTimeMs), experts: clockText(benchmark.surgeryTimeMs) })}{' '}
          {fill(strings['sim.debrief.benchmarkScore'], { score: String(benchmark.score), attempts: String(benchmark.attempts) })}
        </p>
      )}
      {notes.length > 0 && (
        <div className="debrief-capped" data-capped={notes[0]!.ceiling}>
          <p>{cappedHeadline(notes, say, locale)}</p>
          <ul>
            {notes.map((note) => (
              <li key={note.id} data-gate={note.id}>
                {say(note.key, note.vars)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.flagged && (
        <div className="debrief-flagged">
          <p>{strings['attempts.flagged']}</p>
          <FlagReasons flags={result.flags} strings={strings} />
        </div>
      )}
      {result.debrief ? (
        <div className="debrief-body">
          <div>
            {/* debriefSvg and turbidityCurveSvg draw numbers and escaped labels only, so their markup is safe to insert. */}
            <div className="debrief-figure" dangerouslySetInnerHTML={{ __html: debriefSvg(result.debrief, labels) }} />
            {curve && (
              <figure className="debrief-turbidity">
                <figcaption>{strings['sim.debrief.turbidity']}</figcaption>
                <div dangerouslySetInnerHTML={{ __html: curve }} />
              </figure>
            )}
          </div>
          <div>
            {types.length > 0 && (
              <section className="debrief-types" aria-labelledby="debrief-types-title">
                <h3 id="debrief-types-title">{strings['sim.debrief.types']}</h3>
                <ul>
                  {types.map((line, i) => (
                    <li key={i} data-verdict={line.verdict}>
                      {line.text}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <DebriefComponents result={result} locale={locale} strings={strings} />
            <DebriefPrognosis result={result} locale={locale} strings={strings} />
          </div>
        </div>
      ) : (
        <p>{strings['attempts.noMap']}</p>
      )}
    </>
  );
}

/** The debrief of a stored attempt, opened from a history row: the map of the placenta and what to improve. */
export default function AttemptDebrief({ locale, caption, scoreLabel, timeLabel, strings }: Props) {
  const view = useIslandStore($debrief);
  const task = view.status === 'ready' ? view.result.task : null;
  return (
    <Dialog open={view.status !== 'closed'} title={strings['sim.debrief.title']} onClose={closeDebrief} className="debrief-dialog">
      <p className="debrief-caption">
        {caption}
        {task && task !== FETO_PROCEDURE && ` · ${strings[TASK_KEYS[task]]}`}
      </p>
      <div aria-live="polite" aria-busy={view.status === 'loading'}>
        {view.status === 'loading' && (
          <p role="status" className="debrief-loading">
            <span className="spinner" aria-hidden="true" />
            {strings['attempts.debriefLoading']}
          </p>
        )}
        {view.status === 'error' && <FormError>{strings[FAILURES[view.reason]]}</FormError>}
        {view.status === 'ready' && <Result result={view.result} locale={locale} scoreLabel={scoreLabel} timeLabel={timeLabel} strings={strings} />}
      </div>
      <div className="dialog-actions">
        {view.status === 'error' && view.reason !== 'gone' && view.reason !== 'revoked' && (
          <button type="button" className="button button-ghost" onClick={() => void openDebrief(view.id)}>
            {strings['attempts.retry']}
          </button>
        )}
        <button type="button" className="button" onClick={closeDebrief}>
          {strings['attempts.close']}
        </button>
      </div>
    </Dialog>
  );
}
