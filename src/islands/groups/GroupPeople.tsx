import { useEffect, useRef, useState } from 'react';
import type { GroupDetail } from '../../api/groups.ts';
import { $group, deleteGroup, removePerson } from '../../stores/groups/groups.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import InvitePeople from './InvitePeople.tsx';
import RenameGroup from './RenameGroup.tsx';
import TrashIcon from '../ui/TrashIcon.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  detail: GroupDetail;
  /** Administrators manage everyone; a director invites and removes its members. Both rename and delete the group. */
  isAdmin: boolean;
  strings: Sections<'groups'>;
}

type Asking = { kind: 'person'; userId: string; name: string } | { kind: 'group' };

/**
 * The people of a group: administrators manage its members and directors (added or invited by email); its directors
 * invite and remove its members; both rename the group and delete it. A removal or the deletion is asked first; a
 * removal or a new name is then said, with the focus kept on the list (the removed person's button is gone); a deleted
 * group's list of groups says it was deleted.
 */
export default function GroupPeople({ detail, isAdmin, strings }: Props) {
  const state = useIslandStore($group);
  const [asking, setAsking] = useState<Asking | null>(null);
  // What was just done, said in the status line (null when it failed), a new object each time so the focus moves again.
  const [said, setSaid] = useState<{ text: string | null } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once the dialog has closed (its effect runs first) and handed the focus back to a button that is gone: the list keeps it.
  useEffect(() => {
    if (said) heading.current?.focus();
  }, [said]);
  const error = state.error === 'invalid' ? strings['groups.saveError'] : state.error ? strings['groups.error'] : null;

  async function confirm() {
    if (asking?.kind === 'person') {
      const done = await removePerson(asking.userId);
      setSaid({ text: done ? fill(strings['groups.removed'], { name: isolate(asking.name) }) : null });
      setAsking(null);
    } else if (await deleteGroup()) window.location.assign(`?deleted=${encodeURIComponent(detail.name)}`);
  }

  return (
    <section className="groups" aria-labelledby="group-people-title">
      <h3 id="group-people-title" ref={heading} tabIndex={-1}>
        {strings['groups.people']}
      </h3>
      <p role="status" className="group-removed">
        {said?.text}
      </p>
      {error && <FormError>{error}</FormError>}
      <ul className="group-list">
        {detail.people.map((p) => (
          <li key={p.userId} data-user={p.userId} data-role={p.role}>
            <span>
              <bdi>{p.name || p.email}</bdi> <span className="muted">({strings[p.role === 'director' ? 'groups.role.director' : 'groups.role.member']})</span>
            </span>
            {(isAdmin || p.role === 'member') && (
              <button
                type="button"
                className="icon-button"
                disabled={state.busy}
                aria-label={fill(strings['groups.remove'], { name: p.name || p.email })}
                onClick={() => setAsking({ kind: 'person', userId: p.userId, name: p.name || p.email })}
              >
                <TrashIcon />
              </button>
            )}
          </li>
        ))}
      </ul>
      <InvitePeople detail={detail} canNameDirectors={isAdmin} strings={strings} />
      <RenameGroup name={detail.name} busy={state.busy} strings={strings} onRenamed={(text) => setSaid({ text })} />
      <p>
        <button type="button" className="button button-danger" onClick={() => setAsking({ kind: 'group' })}>
          {strings['groups.delete']}
        </button>
      </p>
      <ConfirmDialog
        question={
          asking?.kind === 'person'
            ? {
                title: fill(strings['groups.remove'], { name: asking.name }),
                text: fill(strings['groups.removeConfirm'], { name: isolate(asking.name) }),
                confirm: strings['groups.confirmRemove'],
              }
            : asking && {
                title: strings['groups.delete'],
                text: fill(strings['groups.deleteConfirm'], { name: detail.name }),
                confirm: strings['groups.confirmDelete'],
              }
        }
        cancel={strings['groups.cancel']}
        busy={state.busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
