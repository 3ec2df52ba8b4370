import { useRef, useState, type SubmitEvent } from 'react';
import { sendReset } from '../../stores/auth-actions.ts';
import { errorKey } from '../../stores/error-messages.ts';
import Field from '../ui/Field.tsx';
import { useAdoptTyped } from '../ui/useAdoptTyped.ts';
import { useEarlySubmit } from '../ui/useEarlySubmit.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

type Strings = Sections<'reset' | 'common' | 'auth' | 'signup.error'>;

interface Props {
  loginHref: string;
  strings: Strings;
}

/** Sends Firebase's password-reset email, with a link back to login. */
export default function ResetForm({ loginHref, strings }: Props) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<keyof Strings | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useAdoptTyped(form, (typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
  });
  // Enter (or Send) pressed before the script came: sent to the address the field holds now.
  useEarlySubmit(form, (fields) => void send(String(fields.get('email') ?? '')));

  async function send(address: string) {
    if (!address.trim()) return setError('signup.error.email');
    setState('busy');
    setError(null);
    try {
      await sendReset(address);
      setState('sent');
    } catch (err) {
      const key = errorKey('passwordReset', err);
      if (key === 'reset.sent') return setState('sent');
      setError(key);
      setState('idle');
    }
  }

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send(email);
  }

  const hydrated = useHydrated();
  return (
    <div className="auth-card">
      {state === 'sent' ? (
        <p className="form-success" role="status">
          {strings['reset.sent']}
        </p>
      ) : (
        <form ref={form} onSubmit={submit} noValidate data-early-submit={hydrated ? 'ready' : 'waiting'}>
          <Field name="email" type="email" autoComplete="email" label={strings['common.email']} value={email} onChange={(e) => setEmail(e.target.value)} />
          {error && <FormError>{strings[error]}</FormError>}
          <button type="submit" className="button" disabled={state === 'busy'}>
            {strings['reset.submit']}
          </button>
        </form>
      )}
      <p>
        <a href={loginHref}>{strings['reset.back']}</a>
      </p>
    </div>
  );
}
