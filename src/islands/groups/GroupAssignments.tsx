import { useEffect, useRef, useState } from 'react';
import { $assignments, loadAssignments, sendReminders } from '../../stores/groups/groups.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import AssignForm from './AssignForm.tsx';
import AssignmentRow from './AssignmentRow.tsx';

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
  const [said, setSaid] = useState<{ text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => void loadAssignments(groupId), [groupId]);
  useEffect(() => {
    if (said) heading.current?.focus();
  }, [said]);

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
            <AssignmentRow key={a.courseId} assignment={a} busy={state.busy} locale={locale} strings={strings} />
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
      <AssignForm courses={state.courses} busy={state.busy} locale={locale} strings={strings} onAssigned={(text) => setSaid({ text })} />
    </section>
  );
}
