import { useState, type SubmitEvent } from 'react';
import type { GroupDetail, GroupRole } from '../../api/groups.ts';
import { $group, addPerson, deleteGroup, removePerson, renameGroup } from '../../stores/groups.ts';
import Dialog from '../ui/Dialog.tsx';
import Field from '../ui/Field.tsx';
import TrashIcon from '../ui/TrashIcon.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  detail: GroupDetail;
  strings: Sections<'groups'>;
}

/** The admin's side of a group: its name, its members and directors (added by email), and deleting it. */
export default function GroupPeople({ detail, strings }: Props) {
  const state = useIslandStore($group);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GroupRole>('member');
  const [name, setName] = useState(detail.name);
  const [confirming, setConfirming] = useState(false);
  const error =
    state.error === 'noUser'
      ? strings['groups.noUser']
      : state.error === 'unverified'
        ? strings['groups.unverified']
        : state.error
          ? strings['groups.saveError']
          : null;

  async function add(e: SubmitEvent) {
    e.preventDefault();
    if (await addPerson(email, role)) setEmail('');
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
              onClick={() => void removePerson(p.userId)}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
      <form className="group-form" onSubmit={(e) => void add(e)}>
        <h4 className="visually-hidden">{strings['groups.addPerson']}</h4>
        <Field
          name="person-email"
          type="email"
          label={strings['groups.email']}
          value={email}
          maxLength={320}
          required
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="field">
          <label htmlFor="person-role">{strings['groups.role']}</label>
          <select id="person-role" value={role} onChange={(e) => setRole(e.target.value as GroupRole)}>
            <option value="member">{strings['groups.role.member']}</option>
            <option value="director">{strings['groups.role.director']}</option>
          </select>
        </div>
        <button type="submit" className="button" disabled={state.busy || !email.trim()}>
          {strings['groups.add']}
        </button>
      </form>
      <form className="group-form" onSubmit={(e) => (e.preventDefault(), void renameGroup(name.trim()))}>
        <Field name="group-rename" label={strings['groups.name']} value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="button button-ghost" disabled={state.busy || !name.trim() || name.trim() === detail.name}>
          {strings['groups.rename']}
        </button>
      </form>
      <p>
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          {strings['groups.delete']}
        </button>
      </p>
      <Dialog open={confirming} title={strings['groups.delete']} onClose={() => setConfirming(false)}>
        <p>{fill(strings['groups.deleteConfirm'], { name: detail.name })}</p>
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={() => setConfirming(false)}>
            {strings['groups.cancel']}
          </button>
          <button type="button" className="button button-danger" onClick={() => void deleteGroup().then((ok) => ok && window.location.assign('?'))}>
            {strings['groups.confirmDelete']}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
