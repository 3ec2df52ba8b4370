import type { CaseScores } from '../../api/learning.ts';
import { formatDay } from '../../domain/format.ts';
import { dirOf, type Locale } from '../../i18n/locales.ts';

interface Props {
  scores: CaseScores;
  locale: Locale;
  /** The chart's one-sentence summary, read as its name (the table beside it holds every figure). */
  label: string;
  legend: { score: string; passMark: string; benchmark: string };
}

const WIDTH = 320;
const HEIGHT = 150;
const TOP = 8;
const BOTTOM = 122;
const AXIS = 30;

/**
 * One case's scores over time as a line of points (filled where the pass mark was reached), the pass mark as a line and
 * the experts' benchmark as a dashed one. Time runs in the reading direction: right to left in Arabic, the score axis
 * on the right there. Drawn from data the island already has; no chart library.
 */
export default function ScoreChart({ scores, locale, label, legend }: Props) {
  const rtl = dirOf(locale) === 'rtl';
  const [start, end] = rtl ? [WIDTH - AXIS, 8] : [AXIS, WIDTH - 8];
  const n = scores.points.length;
  const x = (i: number) => (n === 1 ? (start + end) / 2 : start + ((end - start) * i) / (n - 1));
  const y = (score: number) => BOTTOM - ((BOTTOM - TOP) * Math.max(0, Math.min(100, score))) / 100;
  const axisX = rtl ? WIDTH - AXIS + 4 : AXIS - 4;
  const first = scores.points[0];
  const last = scores.points[n - 1];
  return (
    <figure className="score-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} direction="ltr">
        {[0, 50, 100].map((v) => (
          <g key={v} className="score-grid">
            <line x1={Math.min(start, end)} x2={Math.max(start, end)} y1={y(v)} y2={y(v)} />
            <text x={axisX} y={y(v) + 4} textAnchor={rtl ? 'start' : 'end'}>
              {v}
            </text>
          </g>
        ))}
        <line className="score-pass" x1={Math.min(start, end)} x2={Math.max(start, end)} y1={y(scores.passMark)} y2={y(scores.passMark)} />
        {scores.benchmark !== null && (
          <line className="score-benchmark" x1={Math.min(start, end)} x2={Math.max(start, end)} y1={y(scores.benchmark)} y2={y(scores.benchmark)} />
        )}
        {n > 1 && <polyline className="score-line" points={scores.points.map((p, i) => `${x(i)},${y(p.score)}`).join(' ')} />}
        {scores.points.map((p, i) => (
          <circle key={i} className={p.passes ? 'score-point score-point-passed' : 'score-point'} cx={x(i)} cy={y(p.score)} r={4} data-score={p.score} />
        ))}
        {first && (
          <text className="score-date" x={start} y={HEIGHT - 8} textAnchor={rtl ? 'end' : 'start'}>
            {formatDay(locale, first.at)}
          </text>
        )}
        {last && n > 1 && (
          <text className="score-date" x={end} y={HEIGHT - 8} textAnchor={rtl ? 'start' : 'end'}>
            {formatDay(locale, last.at)}
          </text>
        )}
      </svg>
      <figcaption className="score-legend">
        <span className="score-key score-key-score">{legend.score}</span>
        <span className="score-key score-key-pass">{legend.passMark}</span>
        {scores.benchmark !== null && <span className="score-key score-key-benchmark">{legend.benchmark}</span>}
      </figcaption>
    </figure>
  );
}
