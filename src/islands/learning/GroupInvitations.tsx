import type { MyGroups } from '../../api/memberships.ts';
import { acceptInvitation, declineInvitation } from '../../stores/learning/learning.ts';
import { fill } from '../../i18n/fill.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';
import { directorNames } from './director-names.ts';

interface Props {
  invitations: MyGroups['invitations'];
  busy: boolean;
  locale: string;
  strings: Sections<'learning'>;
}

/** On My learning, the learner's invitations to groups, each to accept or decline. */
export default function GroupInvitations({ invitations, busy, locale, strings }: Props) {
  return (
    <section aria-labelledby="learning-invitations-title">
      <h2 id="learning-invitations-title">{strings['learning.invitations']}</h2>
      <ul className="learning-invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} data-group={invitation.groupId}>
            <p id={`invitation-${invitation.id}`}>
              {fill(strings['learning.invitationText'], {
                group: isolate(invitation.groupName),
                directors: directorNames(invitation.directors, locale, strings),
              })}
            </p>
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              aria-describedby={`invitation-${invitation.id}`}
              onClick={() => void acceptInvitation(invitation.id)}
            >
              {strings['learning.accept']}
            </button>{' '}
            <button
              type="button"
              className="button button-small button-ghost"
              disabled={busy}
              aria-describedby={`invitation-${invitation.id}`}
              onClick={() => void declineInvitation(invitation.id)}
            >
              {strings['learning.decline']}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
