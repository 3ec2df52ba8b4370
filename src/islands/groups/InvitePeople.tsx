import { useState } from 'react';
import type { InvitationOutcome } from '../../api/group-invitations.ts';
import type { GroupDetail } from '../../api/groups.ts';
import { $group, cancelInvitation } from '../../stores/groups/groups.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import InviteForm from './InviteForm.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  detail: GroupDetail;
  /** Administrators name directors too; a director invites members. */
  canNameDirectors: boolean;
  strings: Sections<'groups'>;
}

const OUTCOMES: Record<InvitationOutcome, 'groups.invite.added' | 'groups.invite.invited' | 'groups.invite.unverified' | 'groups.invite.already'> = {
  added: 'groups.invite.added',
  invited: 'groups.invite.invited',
  unverified: 'groups.invite.unverified',
  already: 'groups.invite.already',
};

/** Adds or invites people by pasting their addresses, and lists the invitations still waiting, each cancellable. */
export default function InvitePeople({ detail, canNameDirectors, strings }: Props) {
  const state = useIslandStore($group);
  const [cancelling, setCancelling] = useState<{ id: string; email: string } | null>(null);

  const outcomes = (Object.keys(OUTCOMES) as InvitationOutcome[]).flatMap((outcome) => {
    const emails = (state.invited ?? []).filter((r) => r.outcome === outcome).map((r) => r.email);
    return emails.length ? [{ outcome, list: emails.join(', ') }] : [];
  });

  return (
    <section className="group-invite" aria-labelledby="group-invite-title">
      <h3 id="group-invite-title">{strings[canNameDirectors ? 'groups.invite.title' : 'groups.invite.members']}</h3>
      <InviteForm canNameDirectors={canNameDirectors} busy={state.busy} limited={state.error === 'limited'} strings={strings} />
      {outcomes.length > 0 && (
        <div role="status">
          <ul className="invite-outcomes">
            {outcomes.map(({ outcome, list }) => (
              <li key={outcome}>{fill(strings[OUTCOMES[outcome]], { list })}</li>
            ))}
          </ul>
        </div>
      )}
      <h4>{strings['groups.invitations']}</h4>
      {detail.invitations.length === 0 ? (
        <p className="muted">{strings['groups.invitations.none']}</p>
      ) : (
        <ul className="group-list invitation-list">
          {detail.invitations.map((i) => (
            <li key={i.id} data-invitation={i.email}>
              <span>
                <bdi>{i.email}</bdi> <span className="muted">({strings[i.role === 'director' ? 'groups.role.director' : 'groups.role.member']})</span>
              </span>
              {(canNameDirectors || i.role === 'member') && (
                <button type="button" className="button button-small button-ghost" disabled={state.busy} onClick={() => setCancelling(i)}>
                  {strings['groups.invitation.cancel']}
                  <span className="visually-hidden"> ({i.email})</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        question={
          cancelling && {
            title: strings['groups.invitation.cancel'],
            text: fill(strings['groups.invitation.cancelConfirm'], { email: isolate(cancelling.email) }),
            confirm: strings['groups.invitation.confirmCancel'],
          }
        }
        cancel={strings['groups.keep']}
        busy={state.busy}
        onCancel={() => setCancelling(null)}
        onConfirm={() => void cancelInvitation(cancelling!.id).then(() => setCancelling(null))}
      />
    </section>
  );
}
