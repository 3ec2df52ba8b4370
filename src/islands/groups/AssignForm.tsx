import { useId, useState, type SubmitEvent } from 'react';
import { assignCourse } from '../../stores/groups/groups.ts';
import { formatDay } from '../../domain/format.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  courses: { id: string; title: string }[];
  busy: boolean;
  locale: string;
  strings: Sections<'groups'>;
  /** Told what was assigned, in words, once it was. */
  onAssigned: (text: string) => void;
}

/** The form that assigns a course to the group by a date. */
export default function AssignForm({ courses, busy, locale, strings, onAssigned }: Props) {
  const [courseId, setCourseId] = useState('');
  const [day, setDay] = useState('');
  const ids = { course: useId(), due: useId() };

  async function assign(e: SubmitEvent) {
    e.preventDefault();
    const title = courses.find((c) => c.id === courseId)?.title ?? courseId;
    if (await assignCourse(courseId, day)) onAssigned(fill(strings['groups.assigned'], { title: isolate(title), date: formatDay(locale, `${day}T12:00:00`) }));
  }

  return (
    // Each label above its field, the fields side by side where there is room and one under the other on a phone.
    <form className="group-form group-assign" aria-labelledby="group-assign-title" onSubmit={(e) => void assign(e)}>
      <h4 id="group-assign-title">{strings['groups.assign']}</h4>
      <div className="field">
        <label htmlFor={ids.course}>{strings['groups.assign.course']}</label>
        <select id={ids.course} value={courseId} required onChange={(e) => setCourseId(e.target.value)}>
          <option value="">{strings['groups.assign.choose']}</option>
          {courses.map((c) => (
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
      <button type="submit" className="button" disabled={busy || !courseId || !day}>
        {strings['groups.assign.submit']}
      </button>
    </form>
  );
}
