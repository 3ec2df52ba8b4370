import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { $assignments, assignCourse, loadAssignments, sendReminders, unassignCourse } from '../../stores/groups/groups.ts';
import { formatDay } from '../../domain/format.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';

interface Props {
  locale: string;
  groupId: string;
  strings: Sections<'groups'>;
}

/**
 * A group's assigned courses: each with its due date, how many members completed it and, once due, who is late and
 * when they were reminded; a form to assign a course by a date, and one button that mails the late members not yet
 * reminded of that date. What was done is said in a status line, the focus kept on the section's heading.
 */
export default function GroupAssignments({ locale, groupId, strings }: Props) {
  const state = useIslandStore($assignments);
  const [courseId, setCourseId] = useState('');
  const [day, setDay] = useState('');
  const [said, setSaid] = useState<{ text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = { course: useId(), due: useId() };
  useEffect(() => void loadAssignments(groupId), [groupId]);
  useEffect(() => {
    if (said) heading.current?.focus();
  }, [said]);

  async function assign(e: SubmitEvent) {
    e.preventDefault();
    const title = state.courses.find((c) => c.id === courseId)?.title ?? courseId;
    if (await assignCourse(courseId, day))
      setSaid({ text: fill(strings['groups.assigned'], { title: isolate(title), date: formatDay(locale, `${day}T12:00:00`) }) });
  }
  async function remind() {
    if (!(await sendReminders())) return;
    const sent = $assignments.get().sent ?? 0;
    // None sent: those late were all mailed for their due dates already, which the director is told rather than a bare 0.
    setSaid({ text: sent === 0 ? strings['groups.remindedNone'] : fill(strings['groups.reminded'], { count: sent }) });
  }

  return (
    <section aria-labelledby="group-assignments-title" className="group-assignments">
      <h3 id="group-assignments-title" ref={heading} tabIndex={-1}>
        {strings['groups.assignments']}
      </h3>
      <p role="status">{said?.text}</p>
      {state.error && <FormError>{strings[state.error === 'invalid' ? 'groups.saveError' : 'groups.error']}</FormError>}
      {state.list.length === 0 ? (
        <p>{strings['groups.assignments.none']}</p>
      ) : (
        <ul className="group-list assignment-list">
          {state.list.map((a) => (
            <li key={a.courseId} data-course={a.courseId} data-late={a.late.length}>
              <div>
                <strong>
                  <bdi>{a.title}</bdi>
                </strong>{' '}
                <span className="muted">{fill(strings['groups.assignment.due'], { date: formatDay(locale, a.dueAt) })}</span>
                <br />
                {fill(strings['groups.assignment.completed'], { count: a.completed })}
                {' · '}
                {new Date(a.dueAt) > new Date() ? (
                  strings['groups.assignment.notDue']
                ) : a.late.length === 0 ? (
                  strings['groups.assignment.noneLate']
                ) : (
                  <span className="assignment-late">
                    {strings['groups.assignment.late']}{' '}
                    {a.late.map((m, i) => (
                      <span key={m.userId} data-user={m.userId}>
                        {i > 0 && ', '}
                        <bdi>{m.name || m.email}</bdi>
                        {m.remindedAt && (
                          <span className="muted"> ({fill(strings['groups.assignment.remindedOn'], { date: formatDay(locale, m.remindedAt) })})</span>
                        )}
                      </span>
                    ))}
                  </span>
                )}
              </div>
              <button
                type="button"
                className="button button-ghost"
                disabled={state.busy}
                aria-label={fill(strings['groups.assignment.withdrawNamed'], { title: a.title })}
                onClick={() => void unassignCourse(a.courseId)}
              >
                {strings['groups.assignment.withdraw']}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.list.some((a) => a.late.length > 0) && (
        <p>
          <button type="button" className="button" disabled={state.busy} onClick={() => void remind()}>
            {strings['groups.remind']}
          </button>{' '}
          <span className="muted">{strings['groups.remindHelp']}</span>
        </p>
      )}
      {/* Each label above its field, the fields side by side where there is room and one under the other on a phone. */}
      <form className="group-form group-assign" aria-labelledby="group-assign-title" onSubmit={(e) => void assign(e)}>
        <h4 id="group-assign-title">{strings['groups.assign']}</h4>
        <div className="field">
          <label htmlFor={ids.course}>{strings['groups.assign.course']}</label>
          <select id={ids.course} value={courseId} required onChange={(e) => setCourseId(e.target.value)}>
            <option value="">{strings['groups.assign.choose']}</option>
            {state.courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.due}>{strings['groups.assign.due']}</label>
          <input id={ids.due} type="date" value={day} required onChange={(e) => setDay(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={state.busy || !courseId || !day}>
          {strings['groups.assign.submit']}
        </button>
      </form>
    </section>
  );
}
