import { useState } from 'react';
import type { GroupDetail } from '../../api/groups.ts';
import { $group, deleteGroup, removePerson, renameGroup } from '../../stores/groups.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import InvitePeople from './InvitePeople.tsx';
import Field from '../ui/Field.tsx';
import TrashIcon from '../ui/TrashIcon.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  detail: GroupDetail;
  strings: Sections<'groups'>;
}

type Asking = { kind: 'person'; userId: string; name: string } | { kind: 'group' };

/** The admin's side of a group: its name, its members and directors (added or invited by email), and deleting it; each removal asked first. */
export default function GroupPeople({ detail, strings }: Props) {
  const state = useIslandStore($group);
  const [name, setName] = useState(detail.name);
  const [asking, setAsking] = useState<Asking | null>(null);
  const error = state.error === 'invalid' ? strings['groups.saveError'] : state.error ? strings['groups.error'] : null;

  async function confirm() {
    if (asking?.kind === 'person') {
      await removePerson(asking.userId);
      setAsking(null);
    } else if (await deleteGroup()) window.location.assign('?');
  }

  return (
    <section className="groups" aria-labelledby="group-people-title">
      <h3 id="group-people-title">{strings['groups.people']}</h3>
      {error && <FormError>{error}</FormError>}
      <ul className="group-list">
        {detail.people.map((p) => (
          <li key={p.userId} data-user={p.userId} data-role={p.role}>
            <span>
              <bdi>{p.name || p.email}</bdi> <span className="muted">({strings[p.role === 'director' ? 'groups.role.director' : 'groups.role.member']})</span>
            </span>
            <button
              type="button"
              className="icon-button"
              disabled={state.busy}
              aria-label={fill(strings['groups.remove'], { name: p.name || p.email })}
              onClick={() => setAsking({ kind: 'person', userId: p.userId, name: p.name || p.email })}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
      <InvitePeople detail={detail} canNameDirectors strings={strings} />
      <form className="group-form" onSubmit={(e) => (e.preventDefault(), void renameGroup(name.trim()))}>
        <Field name="group-rename" label={strings['groups.name']} value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="button button-ghost" disabled={state.busy || !name.trim() || name.trim() === detail.name}>
          {strings['groups.rename']}
        </button>
      </form>
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
