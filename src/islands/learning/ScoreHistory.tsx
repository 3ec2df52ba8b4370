import { useEffect } from 'react';
import type { CaseScores } from '../../api/learning.ts';
import { formatDay } from '../../domain/format.ts';
import { pointResult } from '../../domain/score-history.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $scores, loadScores } from '../../stores/learning/scores.ts';
import FormError from '../ui/FormError.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import ScoreChart from './ScoreChart.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  courseId: string;
  id: string;
  locale: Locale;
  strings: Sections<'learning'>;
}

/** A course's scores over time on My learning, case by case: a chart against the pass mark and the benchmark, and the same figures as a table. */
export default function ScoreHistory({ courseId, id, locale, strings }: Props) {
  const scores = useIslandStore($scores)[courseId];
  useEffect(() => {
    if (!scores) void loadScores(courseId, locale);
  }, [scores, courseId, locale]);
  const value = scores?.value;
  return (
    <div className="score-history" id={id} aria-busy={!value && scores?.status !== 'error'}>
      {scores?.status === 'error' && (
        <>
          <FormError>{strings['learning.scoresError']}</FormError>
          <button type="button" className="button button-ghost" onClick={() => void loadScores(courseId, locale)}>
            {strings['learning.retry']}
          </button>
        </>
      )}
      {!value && scores?.status !== 'error' && (
        <p className="muted" role="status">
          {strings['learning.scoresLoading']}
        </p>
      )}
      {value && value.cases.length === 0 && <p className="muted">{strings['learning.scoresNone']}</p>}
      {value?.cases.map((c) => (
        <CaseHistory key={`${c.level}-${c.case}`} scores={c} locale={locale} strings={strings} />
      ))}
    </div>
  );
}

const RESULT = { passed: 'learning.scoresPassed', practice: 'learning.scoresPractice', below: 'learning.scoresBelow' } as const;

function CaseHistory({ scores, locale, strings }: { scores: CaseScores; locale: Locale; strings: Sections<'learning'> }) {
  const values = scores.points.map((p) => p.score);
  const latest = values[values.length - 1] ?? 0;
  const summary = [
    fill(strings['learning.scoresSummary'], { latest, best: Math.max(...values), count: scores.attempts }),
    scores.benchmark === null
      ? fill(strings['learning.scoresNoBenchmark'], { passMark: scores.passMark })
      : fill(strings['learning.scoresAgainst'], { passMark: scores.passMark, benchmark: scores.benchmark }),
  ].join(' ');
  const title = fill(strings['learning.scoresCase'], { module: scores.module, case: scores.case, title: scores.title });
  return (
    <section className="score-case" aria-label={title}>
      <h4>
        <bdi>{title}</bdi>
      </h4>
      <p className="score-summary">{summary}</p>
      <ScoreChart
        scores={scores}
        locale={locale}
        label={`${title}. ${summary}`}
        legend={{
          score: strings['learning.scoresLegendScore'],
          passMark: strings['learning.scoresLegendPass'],
          benchmark: strings['learning.scoresLegendBenchmark'],
        }}
      />
      <details className="score-table">
        <summary>{strings['learning.scoresTable']}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{strings['learning.scoresDate']}</th>
              <th scope="col">{strings['learning.scoresScore']}</th>
              <th scope="col">{strings['learning.scoresResult']}</th>
            </tr>
          </thead>
          <tbody>
            {scores.points.map((p, i) => (
              <tr key={i}>
                <td>{formatDay(locale, p.at)}</td>
                <td>{p.score}</td>
                <td>
                  {strings[RESULT[pointResult(p, scores.passMark)]]}
                  {p.assessed && ` (${strings['learning.scoresAssessed']})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
