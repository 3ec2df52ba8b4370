import { useEffect, useState } from 'react';
import { ASSESSMENT_MAX_MINUTES, ASSESSMENT_MIN_MINUTES } from '../../domain/assessment.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import { $assessments, closeAssessment, loadAssessments, openAssessment } from '../../stores/assessments.ts';
import { $session } from '../../stores/session.ts';
import FormError from '../ui/FormError.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';

interface Props {
  courseId: string;
  locale: string;
  strings: Sections<'assess'>;
}

/** The lengths a window can be opened for, in minutes: from a single case to a day's session. */
const LENGTHS = [15, 30, 60, 120, 240, 480].filter((m) => m >= ASSESSMENT_MIN_MINUTES && m <= ASSESSMENT_MAX_MINUTES);
const EVERYONE = '';

/** On the course page of a course requiring assessment, for its directors and administrators: open a window, read its code, close it. */
export default function AssessmentWindows({ courseId, locale, strings }: Props) {
  const state = useIslandStore($assessments);
  const session = useIslandStore($session);
  const [group, setGroup] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(60);
  useSessionWhenIdle();
  const uid = session.firebaseUser?.uid;
  const admin = session.user?.isAdmin === true;
  useEffect(() => {
    if (!session.loading && uid) void loadAssessments(courseId, admin);
  }, [session.loading, uid, admin, courseId]);

  if (state.status === 'hidden') return null;
  const length = (m: number) =>
    m < 60
      ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(m)
      : new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(m / 60);
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  const chosen = group ?? state.groups[0]?.id ?? EVERYONE;
  return (
    <section className="assessments" aria-labelledby="assessments-title">
      <h2 id="assessments-title">{strings['assess.title']}</h2>
      <p>{strings['assess.intro']}</p>
      <form
        className="assessment-open"
        onSubmit={(e) => {
          e.preventDefault();
          void openAssessment(courseId, chosen === EVERYONE ? null : chosen, minutes);
        }}
      >
        <div className="field">
          <label htmlFor="assessment-group">{strings['assess.group']}</label>
          <select id="assessment-group" value={chosen} onChange={(e) => setGroup(e.target.value)}>
            {state.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
            {state.admin && <option value={EVERYONE}>{strings['assess.everyone']}</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor="assessment-minutes">{strings['assess.duration']}</label>
          <select id="assessment-minutes" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
            {LENGTHS.map((m) => (
              <option key={m} value={m}>
                {length(m)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={state.busy}>
          {strings['assess.open']}
        </button>
      </form>
      {state.failed && <FormError>{strings['assess.error']}</FormError>}
      {state.windows.length === 0 ? (
        <p className="muted">{strings['assess.none']}</p>
      ) : (
        <ul className="assessment-windows">
          {state.windows.map((w) => (
            <li key={w.id} data-state={w.state}>
              <span className="assessment-code-label">{strings['assess.code']}</span>{' '}
              <strong className="assessment-code-value" dir="ltr" data-code={w.code}>
                {w.code}
              </strong>{' '}
              <bdi>{w.groupName ?? strings['assess.everyone']}</bdi> ·{' '}
              {w.state === 'open'
                ? fill(strings['assess.until'], { time: time(w.expiresAt) })
                : strings[w.state === 'expired' ? 'assess.expired' : 'assess.closed']}
              {w.state === 'open' && (
                <button type="button" className="button button-small button-ghost" disabled={state.busy} onClick={() => void closeAssessment(courseId, w.id)}>
                  {strings['assess.close']}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
