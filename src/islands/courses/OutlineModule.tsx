import type { CaseStanding, CourseProgress, ModuleStanding } from '../../api/progress.ts';
import ArrowIcon from '../ui/ArrowIcon.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  module: ModuleStanding;
  /** Open at first: the first module, and the one the learner continues in. */
  open: boolean;
  /** The learner's standing; null for visitors and until it is read. */
  mine: CourseProgress | null;
  /** Whether closed modules lock their cases (not for admins). */
  locksApply: boolean;
  /** Whether a plan on sale includes the course. */
  onSale: boolean;
  loginHref: string;
  strings: Sections<'progress' | 'common'>;
}

const Lock = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M7 10V7a5 5 0 0 1 10 0v3h1.5A1.5 1.5 0 0 1 20 11.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 20.5v-9A1.5 1.5 0 0 1 5.5 10zm2 0h6V7a3 3 0 0 0-6 0z"
    />
  </svg>
);

/** One module of a course's outline: its cases with their pass marks, the learner's state of each, and the play links. */
export default function OutlineModule({ module: m, open, mine, locksApply, onSale, loginHref, strings }: Props) {
  const lockText = (lock: NonNullable<ModuleStanding['lock']>) => fill(strings['progress.locked'], { ...lock });
  const markText = (c: CaseStanding) =>
    fill(strings[c.passMarkSource === 'benchmark' ? 'progress.passMarkExperts' : 'progress.passMark'], { mark: c.passMark });

  const where = (c: CaseStanding) => (c.simulator === 'desktop' ? ` · ${strings['progress.desktopCase']}` : '');
  const caseStatus = (c: CaseStanding) => `${standingOf(c)}${where(c)}`;

  function standingOf(c: CaseStanding): string {
    // What a plan would open: nothing to say when no plan on sale includes the course (the summary says so).
    if (!mine)
      return !onSale
        ? markText(c)
        : `${markText(c)} · ${c.lock ? fill(strings['progress.afterModule'], { module: c.lock.module }) : strings['progress.withPlan']}`;
    if (c.state === 'passed') {
      const passed = fill(strings['progress.passed'], { best: (c.assessed ? c.assessedBest : c.best) ?? 0 });
      return c.assessed ? `${passed} · ${strings['progress.assessed']}` : passed;
    }
    if (c.state === 'attempted') return fill(strings['progress.attempted'], { best: c.best ?? 0, mark: c.passMark });
    return `${strings['progress.notStarted']} · ${markText(c)}`;
  }

  return (
    <li className="module" data-level={m.level}>
      <details open={open}>
        <summary>
          <span className="module-index" aria-hidden="true">
            {m.shown}
          </span>
          <h2 className="module-title">
            <span className="visually-hidden">{fill(strings['common.module'], { n: m.shown })}: </span>
            {m.title}
          </h2>
          {mine && <span className="module-share">{fill(strings['progress.module'], { passed: m.passed, total: m.total })}</span>}
          <ArrowIcon />
        </summary>
        {mine && m.lock && locksApply && <p className="lock-reason">{lockText(m.lock)}</p>}
        <ol className="cases">
          {m.cases.map((c) => {
            const locked = mine !== null && c.lock !== null && locksApply;
            return (
              <li
                key={c.case}
                className={`case case-${mine ? c.state : 'outline'}`}
                data-level={c.level}
                data-case={c.case}
                data-state={mine ? c.state : undefined}
                data-simulator={c.simulator}
              >
                <span className="case-index" aria-hidden="true">
                  {c.case}
                </span>
                <span className="case-main">
                  <span className="case-title">{c.title}</span>
                  <span className="case-status">{caseStatus(c)}</span>
                </span>
                {locked ? (
                  <span className="case-lock" role="img" aria-label={lockText(c.lock!)}>
                    <Lock />
                  </span>
                ) : (
                  <a
                    className="play"
                    href={loginHref}
                    data-play
                    data-level={c.level}
                    data-case={c.case}
                    aria-label={fill(strings['progress.playCase'], { n: c.case, title: c.title })}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                      <path fill="currentColor" d="M7 4.5v15l13-7.5z" />
                    </svg>
                  </a>
                )}
              </li>
            );
          })}
        </ol>
      </details>
    </li>
  );
}
