import { useState } from 'react';
import type { MyGroups } from '../../api/memberships.ts';
import type { Locale } from '../../i18n/locales.ts';
import { leaveGroup } from '../../stores/learning/learning.ts';
import type { Loadable } from '../../stores/loadable.ts';
import FormError from '../ui/FormError.tsx';
import { fill } from '../../i18n/fill.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';
import { directorNames } from './director-names.ts';
import GroupInvitations from './GroupInvitations.tsx';

interface Props {
  groups: Loadable<MyGroups> & { busy: boolean };
  locale: Locale;
  strings: Sections<'learning'>;
}

/** On My learning, the learner's own groups: invitations to accept or decline, and the groups they belong to, each left at will. */
export default function MemberGroups({ groups, locale, strings }: Props) {
  const [leaving, setLeaving] = useState<string | null>(null);
  const mine = groups.value;
  const error = groups.status === 'error' && <FormError>{strings['learning.memberError']}</FormError>;
  if (!mine) return error || null;
  return (
    <>
      {error}
      {mine.invitations.length > 0 && <GroupInvitations invitations={mine.invitations} busy={groups.busy} locale={locale} strings={strings} />}
      {mine.groups.length > 0 && (
        <section aria-labelledby="learning-member-title">
          <h2 id="learning-member-title">{strings['learning.memberOf']}</h2>
          <ul className="learning-invitations">
            {mine.groups.map((group) => (
              <li key={group.id} data-group={group.id}>
                <p id={`member-${group.id}`}>
                  <strong>
                    <bdi>{group.name}</bdi>
                  </strong>{' '}
                  <span className="muted">{fill(strings['learning.directedBy'], { directors: directorNames(group.directors, locale, strings) })}</span>
                </p>
                {leaving === group.id ? (
                  <div role="group" aria-labelledby={`leave-${group.id}`}>
                    <p id={`leave-${group.id}`}>{fill(strings['learning.leaveConfirm'], { group: isolate(group.name) })}</p>
                    <button
                      type="button"
                      className="button button-small"
                      disabled={groups.busy}
                      onClick={() => void leaveGroup(group.id).then((ok) => ok && setLeaving(null))}
                    >
                      {strings['learning.leaveYes']}
                    </button>{' '}
                    <button type="button" className="button button-small button-ghost" onClick={() => setLeaving(null)}>
                      {strings['learning.leaveNo']}
                    </button>
                  </div>
                ) : (
                  <button
                    type="button"
                    className="button button-small button-ghost"
                    disabled={groups.busy}
                    aria-describedby={`member-${group.id}`}
                    onClick={() => setLeaving(group.id)}
                  >
                    {strings['learning.leave']}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
