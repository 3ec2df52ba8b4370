import type { CourseSummary } from '../../api/courses.ts';
import type { Plan } from '../../api/pricing.ts';
import { PLAYED_IN_KEY } from '../ui/played-in.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  plan: Plan;
  courses: CourseSummary[];
  strings: Sections<'pricing' | 'common'>;
}

/** The courses a plan includes, each with where it is played. */
export default function PlanCourses({ plan, courses, strings }: Props) {
  const listed = plan.courses.map((id) => courses.find((c) => c.id === id) ?? { id, title: id, playedIn: null });
  return (
    <>
      <h3 className="plan-includes">{strings['pricing.includes']}</h3>
      {listed.length ? (
        <ul className="plan-courses-list">
          {listed.map((c) => (
            <li key={c.id} data-course={c.id}>
              {c.title}
              {c.playedIn && <span className="plan-course-played">{strings[PLAYED_IN_KEY[c.playedIn]]}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{strings['pricing.noCourses']}</p>
      )}
    </>
  );
}
