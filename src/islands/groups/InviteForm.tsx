import { useState, type SubmitEvent } from 'react';
import type { GroupRole } from '../../api/groups.ts';
import { splitAddresses } from '../../domain/addresses.ts';
import { invitePeople } from '../../stores/groups/groups.ts';
import FieldError from '../ui/FieldError.tsx';
import FormError from '../ui/FormError.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  /** Administrators name directors too; a director invites members. */
  canNameDirectors: boolean;
  busy: boolean;
  /** Whether the last invitation was refused for too many at once. */
  limited: boolean;
  strings: Sections<'groups'>;
}

/** The form that adds or invites people by their pasted addresses, each one checked first. */
export default function InviteForm({ canNameDirectors, busy, limited, strings }: Props) {
  const [text, setText] = useState('');
  const [role, setRole] = useState<GroupRole>('member');
  const [invalid, setInvalid] = useState<string[]>([]);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const { valid, invalid: wrong } = splitAddresses(text);
    setInvalid(wrong);
    if (wrong.length > 0 || valid.length === 0) return;
    if (await invitePeople(valid, canNameDirectors ? role : 'member')) setText('');
  }

  return (
    <form className="group-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor="invite-emails">{strings['groups.invite.emails']}</label>
        <textarea
          id="invite-emails"
          rows={4}
          value={text}
          aria-describedby={invalid.length ? 'invite-hint invite-error' : 'invite-hint'}
          aria-invalid={invalid.length ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <p id="invite-hint" className="muted">
          {strings['groups.invite.hint']}
        </p>
        {invalid.length > 0 && <FieldError id="invite-error">{fill(strings['groups.invite.invalid'], { list: invalid.join(', ') })}</FieldError>}
      </div>
      {canNameDirectors && (
        <div className="field">
          <label htmlFor="person-role">{strings['groups.role']}</label>
          <select id="person-role" value={role} onChange={(e) => setRole(e.target.value as GroupRole)}>
            <option value="member">{strings['groups.role.member']}</option>
            <option value="director">{strings['groups.role.director']}</option>
          </select>
        </div>
      )}
      {limited && <FormError>{strings['groups.invite.limited']}</FormError>}
      <button type="submit" className="button" disabled={busy || !text.trim()}>
        {strings['groups.invite.submit']}
      </button>
    </form>
  );
}
