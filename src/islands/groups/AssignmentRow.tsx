import type { GroupAssignment } from '../../api/groups.ts';
import { formatDay } from '../../domain/format.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import { unassignCourse } from '../../stores/groups/groups.ts';

interface Props {
  assignment: GroupAssignment;
  busy: boolean;
  locale: string;
  strings: Sections<'groups'>;
}

/** One assigned course: its due date, how many completed it and, once due, who is late and when they were reminded; a button to withdraw it. */
export default function AssignmentRow({ assignment: a, busy, locale, strings }: Props) {
  return (
    <li data-course={a.courseId} data-late={a.late.length}>
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
                {m.remindedAt && <span className="muted"> ({fill(strings['groups.assignment.remindedOn'], { date: formatDay(locale, m.remindedAt) })})</span>}
              </span>
            ))}
          </span>
        )}
      </div>
      <button
        type="button"
        className="button button-ghost"
        disabled={busy}
        aria-label={fill(strings['groups.assignment.withdrawNamed'], { title: a.title })}
        onClick={() => void unassignCourse(a.courseId)}
      >
        {strings['groups.assignment.withdraw']}
      </button>
    </li>
  );
}
