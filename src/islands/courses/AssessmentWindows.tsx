import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { ASSESSMENT_MAX_MINUTES, ASSESSMENT_MIN_MINUTES } from '../../domain/assessment.ts';
import type { AssessmentWindow } from '../../api/assessments.ts';
import { formatDateTime } from '../../domain/format.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import {
  $assessments,
  $sitting,
  type AssessmentsState,
  type GroupPerson,
  closeAssessment,
  loadAssessments,
  loadMembers,
  openAssessment,
  toggleLaunches,
} from '../../stores/assessments/windows.ts';
import { $session } from '../../stores/session.ts';
import FormError from '../ui/FormError.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';
import SittingLaunches from './SittingLaunches.tsx';

interface Props {
  courseId: string;
  locale: string;
  strings: Sections<'assess' | 'sim.flag'>;
}

/** The lengths a window can be opened for, in minutes: from a single case to a day's session. */
const LENGTHS = [15, 30, 60, 120, 240, 480].filter((m) => m >= ASSESSMENT_MIN_MINUTES && m <= ASSESSMENT_MAX_MINUTES);
const EVERYONE = '';
type Ready = Extract<AssessmentsState, { status: 'ready' }>;

/**
 * On the course page of a course requiring assessment, for its directors and administrators: open a window now or
 * schedule it (times in the reader's own time zone), for a group or its named learners; read its code, close it, and
 * follow its launches.
 */
export default function AssessmentWindows({ courseId, locale, strings }: Props) {
  const state = useIslandStore($assessments);
  const session = useIslandStore($session);
  useSessionWhenIdle();
  const uid = session.firebaseUser?.uid;
  const admin = session.user?.isAdmin === true;
  useEffect(() => {
    if (!session.loading && uid) void loadAssessments(courseId, admin);
  }, [session.loading, uid, admin, courseId]);

  if (state.status === 'hidden') return null;
  return (
    <section className="assessments" aria-labelledby="assessments-title">
      <h2 id="assessments-title">{strings['assess.title']}</h2>
      <p>{strings['assess.intro']}</p>
      <OpenWindow state={state} courseId={courseId} locale={locale} strings={strings} />
      {state.failed && <FormError>{strings['assess.error']}</FormError>}
      {state.windows.length === 0 ? (
        <p className="muted">{strings['assess.none']}</p>
      ) : (
        <ul className="assessment-windows">
          {state.windows.map((w) => (
            <WindowLine key={w.id} window={w} busy={state.busy} courseId={courseId} locale={locale} strings={strings} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Opens a window now or at a time in the reader's own zone, for a group (or everyone, for an administrator) or its named learners. */
function OpenWindow({ state, courseId, locale, strings }: Props & { state: Ready }) {
  const [group, setGroup] = useState<string | null>(null);
  const [minutes, setMinutes] = useState(60);
  const [startsAt, setStartsAt] = useState('');
  const [learners, setLearners] = useState<string[]>([]);
  const chosen = group ?? state.groups[0]?.id ?? EVERYONE;
  useEffect(() => {
    if (chosen !== EVERYONE) void loadMembers(chosen);
  }, [chosen, state.status]);
  const length = (m: number) =>
    m < 60
      ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(m)
      : new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(m / 60);
  const members = chosen === EVERYONE ? [] : (state.members[chosen] ?? []);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <form
      className="assessment-open"
      onSubmit={(e) => {
        e.preventDefault();
        // A datetime-local value is a time in the reader's own zone, which Date reads it in.
        const start = startsAt ? new Date(startsAt).toISOString() : null;
        const named = learners.filter((id) => members.some((m) => m.userId === id));
        void openAssessment(courseId, { group: chosen === EVERYONE ? null : chosen, minutes, learners: named, startsAt: start });
      }}
    >
      <div className="field">
        <label htmlFor="assessment-group">{strings['assess.group']}</label>
        <select
          id="assessment-group"
          value={chosen}
          onChange={(e) => {
            setGroup(e.target.value);
            setLearners([]);
          }}
        >
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
      <div className="field">
        <label htmlFor="assessment-starts">{strings['assess.start']}</label>
        <input
          id="assessment-starts"
          type="datetime-local"
          value={startsAt}
          aria-describedby="assessment-starts-hint"
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <small id="assessment-starts-hint" className="muted">
          {fill(strings['assess.startHint'], { zone })}
        </small>
      </div>
      {members.length > 0 && <LearnerChoice members={members} chosen={learners} onChange={setLearners} strings={strings} />}
      <button type="submit" className="button" disabled={state.busy}>
        {strings['assess.open']}
      </button>
    </form>
  );
}

/** One window: its code, group, when it opens or ends (or that it ended), whom it is for, Close while it may still be used, and its launches. */
function WindowLine({ window: w, busy, courseId, locale, strings }: Props & { window: AssessmentWindow; busy: boolean }) {
  const sitting = useIslandStore($sitting);
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  return (
    <li key={w.id} data-state={w.state}>
      <span className="assessment-code-label">{strings['assess.code']}</span>{' '}
      <strong className="assessment-code-value" dir="ltr" data-code={w.code}>
        {w.code}
      </strong>{' '}
      <bdi>{w.groupName ?? strings['assess.everyone']}</bdi> ·{' '}
      {w.state === 'scheduled' ? (
        <time dateTime={w.startsAt}>{fill(strings['assess.scheduled'], { time: formatDateTime(locale, w.startsAt) })}</time>
      ) : w.state === 'open' ? (
        fill(strings['assess.until'], { time: time(w.expiresAt) })
      ) : (
        strings[w.state === 'expired' ? 'assess.expired' : 'assess.closed']
      )}
      {w.learners.length > 0 && (
        <span className="assessment-for">· {fill(strings['assess.for'], { names: w.learners.map((l) => isolate(l.name)).join(', ') })}</span>
      )}
      {(w.state === 'open' || w.state === 'scheduled') && (
        <button type="button" className="button button-small button-ghost" disabled={busy} onClick={() => void closeAssessment(courseId, w.id)}>
          {strings['assess.close']}
        </button>
      )}
      <button
        type="button"
        className="button button-small button-ghost"
        aria-expanded={sitting?.id === w.id}
        aria-controls={`sitting-${w.id}`}
        onClick={() => void toggleLaunches(w.id)}
      >
        {strings['assess.launches']}
      </button>
      {sitting?.id === w.id && <SittingLaunches id={`sitting-${w.id}`} sitting={sitting} locale={locale} strings={strings} />}
    </li>
  );
}

/** The group's learners, to open the window for some of them only. */
function LearnerChoice({
  members,
  chosen: learners,
  onChange: setLearners,
  strings,
}: {
  members: GroupPerson[];
  chosen: string[];
  onChange: Dispatch<SetStateAction<string[]>>;
  strings: Props['strings'];
}) {
  return (
    <fieldset className="assessment-learners" aria-describedby="assessment-learners-hint">
      <legend>{strings['assess.learners']}</legend>
      {members.map((m) => (
        <label key={m.userId}>
          <input
            type="checkbox"
            checked={learners.includes(m.userId)}
            onChange={(e) => setLearners((now) => (e.target.checked ? [...now, m.userId] : now.filter((id) => id !== m.userId)))}
          />{' '}
          <bdi>{m.name || m.email}</bdi>
        </label>
      ))}
      <small id="assessment-learners-hint" className="muted">
        {strings['assess.learnersHint']}
      </small>
    </fieldset>
  );
}
