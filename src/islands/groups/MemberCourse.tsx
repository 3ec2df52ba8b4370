import type { CaseStanding, CourseProgress } from '../../api/progress.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import type { AttemptStrings } from '../attempts/attempt-strings.ts';
import DataTable from '../ui/DataTable.tsx';

interface Props {
  standing: CourseProgress;
  title: string;
  strings: Sections<'groups' | 'progress'> & AttemptStrings;
}

/** One course of a member for their director: its share passed, and each case with its best score and state. */
export default function MemberCourse({ standing: s, title, strings }: Props) {
  const stateText = (c: CaseStanding) =>
    c.state === 'passed'
      ? fill(strings['progress.passed'], { best: c.best ?? 0 })
      : c.state === 'attempted'
        ? fill(strings['progress.attempted'], { best: c.best ?? 0, mark: c.passMark })
        : `${strings['progress.notStarted']} · ${fill(strings['progress.passMark'], { mark: c.passMark })}`;
  return (
    <DataTable
      className="member-course"
      data-course={s.courseId}
      caption={
        <>
          <bdi>{title}</bdi> — {fill(strings['progress.line.short'], { percent: s.percent, passed: s.passed, total: s.total })}
        </>
      }
      columns={[strings['attempts.course'], strings['groups.state']]}
    >
      {s.modules.flatMap((m) =>
        m.cases.map((c) => (
          <tr key={`${m.level}-${c.case}`} data-level={c.level} data-case={c.case} data-state={c.state}>
            <th scope="row">
              {m.shown}.{c.case} <bdi>{c.title}</bdi>
            </th>
            <td className={`state-${c.state}`}>{stateText(c)}</td>
          </tr>
        )),
      )}
    </DataTable>
  );
}
