import type { GroupProgress } from '../../api/group-progress.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  groupId: string;
  member: GroupProgress['members'][number];
  courses: GroupProgress['courses'];
  verifyPath: string;
  strings: Sections<'progress.line' | 'record' | 'cert'>;
}

/** One member's row of the group's progress: their name (a link to their page), then their share of each course and its certificate. */
export default function GroupProgressRow({ groupId, member: m, courses, verifyPath, strings }: Props) {
  return (
    <tr data-user={m.userId}>
      {/* oxlint-disable-next-line jsx-a11y/control-has-associated-label -- a row header, not a control; its text is the member's name below. */}
      <th scope="row">
        <a href={`?group=${encodeURIComponent(groupId)}&member=${encodeURIComponent(m.userId)}`}>
          <bdi>{m.name || m.email}</bdi>
        </a>
        <br />
        <span className="muted">
          <bdi>{m.email}</bdi>
        </span>
      </th>
      {courses.map((c) => {
        const line = m.courses.find((l) => l.courseId === c.id);
        return (
          <td key={c.id} data-course={c.id}>
            {line && (
              <>
                <progress max={100} value={line.percent} aria-label={fill(strings['progress.line.bar'], { title: c.title })} />{' '}
                {fill(strings['progress.line.short'], { percent: line.percent, passed: line.passed, total: line.total })}
                {line.certificate && (
                  <>
                    <br />
                    <a href={`${verifyPath}/${encodeURIComponent(line.certificate.id)}`}>
                      {line.certificate.revoked ? strings['cert.revoked'] : strings['record.certificate']}
                    </a>
                  </>
                )}
              </>
            )}
          </td>
        );
      })}
    </tr>
  );
}
