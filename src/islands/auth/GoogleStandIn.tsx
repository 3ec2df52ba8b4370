import { useState, type SubmitEvent } from 'react';
import { isEmail } from '../../domain/contact.ts';
import '../../styles/standin.css';
import Dialog from '../ui/Dialog.tsx';
import Field from '../ui/Field.tsx';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  strings: Sections<'login.standIn' | 'common' | 'auth.error'>;
  onChoose: (account: { email: string; name: string }) => void;
  onCancel: () => void;
}

/**
 * Google's account chooser as the Auth emulator stands it in: Google's own popup cannot load offline, so the
 * person types the account (email and name) that the emulator then signs in as a Google user.
 */
export default function GoogleStandIn({ strings, onChoose, onCancel }: Props) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!isEmail(address)) return setInvalid(true);
    onChoose({ email: address, name: name.trim() });
  }

  return (
    <Dialog open title={strings['login.standIn.title']} onClose={onCancel} className="standin-dialog">
      <p className="standin-note">{strings['login.standIn.note']}</p>
      <form onSubmit={submit} noValidate>
        <Field
          name="standin-email"
          type="email"
          autoComplete="email"
          label={strings['common.email']}
          value={email}
          error={invalid ? strings['auth.error.invalidEmail'] : undefined}
          onChange={(e) => (setEmail(e.target.value), setInvalid(false))}
        />
        <Field name="standin-name" autoComplete="name" label={strings['login.standIn.name']} value={name} onChange={(e) => setName(e.target.value)} />
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={onCancel}>
            {strings['login.standIn.cancel']}
          </button>
          <button type="submit" className="button">
            {strings['login.standIn.continue']}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
