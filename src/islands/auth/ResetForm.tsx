import { useRef, useState, type SubmitEvent } from 'react';
import { sendReset } from '../../stores/auth-actions.ts';
import { errorKey } from '../../stores/error-messages.ts';
import Field from '../ui/Field.tsx';
import { useAdoptTyped } from '../ui/useAdoptTyped.ts';
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

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!email.trim()) return setError('signup.error.email');
    setState('busy');
    setError(null);
    try {
      await sendReset(email);
      setState('sent');
    } catch (err) {
      const key = errorKey('auth', err);
      if (key === 'auth.error.userNotFound') return setState('sent');
      setError(key);
      setState('idle');
    }
  }

  const hydrated = useHydrated();
  return (
    <div className="auth-card">
      {state === 'sent' ? (
        <p className="form-success" role="status">
          {strings['reset.sent']}
        </p>
      ) : (
        <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
          <Field name="email" type="email" autoComplete="email" label={strings['common.email']} value={email} onChange={(e) => setEmail(e.target.value)} />
          {error && <FormError>{strings[error]}</FormError>}
          <button type="submit" className="button" disabled={!hydrated || state === 'busy'}>
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
