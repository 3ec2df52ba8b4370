import type { Group } from '../../api/groups.ts';
import type { Loadable } from '../../stores/loadable.ts';
import FormError from '../ui/FormError.tsx';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  directed: Loadable<Group[]>;
  isAdmin: boolean;
  groupsHref: string;
  strings: Sections<'learning'>;
}

/** On My learning, the groups a director directs (every group for an administrator), each opening on /groups. */
export default function LearningGroups({ directed, isAdmin, groupsHref, strings }: Props) {
  if (directed.status === 'error') return <FormError>{strings['learning.groupsError']}</FormError>;
  const groups = directed.value ?? [];
  if (groups.length === 0 && !isAdmin) return null;
  return (
    <section aria-labelledby="learning-groups-title">
      <h2 id="learning-groups-title">{strings[isAdmin ? 'learning.allGroups' : 'learning.groups']}</h2>
      <ul className="learning-offers">
        {groups.map((group) => (
          <li key={group.id}>
            <a href={`${groupsHref}?group=${encodeURIComponent(group.id)}`}>
              <bdi>{group.name}</bdi>
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a href={groupsHref}>{strings['learning.groupsLink']}</a>
      </p>
    </section>
  );
}
