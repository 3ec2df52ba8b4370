import { useRef, useState, type SubmitEvent } from 'react';
import { signInWithEmail } from '../../stores/auth-actions.ts';
import { errorKey, type ErrorKey } from '../../stores/error-messages.ts';
import Field from '../ui/Field.tsx';
import { useAdoptTyped } from '../ui/useAdoptTyped.ts';
import { useEarlySubmit } from '../ui/useEarlySubmit.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { nextHref, useRedirectSignedIn } from './useRedirectSignedIn.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import type { LegalHrefs } from '../ui/LegalLinks.tsx';
import GoogleSignIn from './GoogleSignIn.tsx';

interface Props {
  landingHref: string;
  resetHref: string;
  signupHref: string;
  legalHrefs: LegalHrefs;
  strings: Sections<'login' | 'common' | 'auth' | 'legal'>;
}

/** Email and password or Google sign-in; does nothing while a field is empty. */
export default function LoginForm({ landingHref, resetHref, signupHref, legalHrefs, strings }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorKey<'auth'> | null>(null);
  const session = useRedirectSignedIn(landingHref, !busy);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useAdoptTyped(form, (typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
    if (typed.password !== undefined) setPassword(typed.password);
  });
  // Enter (or Log in) pressed before the script came: signed in with what the fields hold now.
  useEarlySubmit(form, (fields) => signIn(String(fields.get('email') ?? ''), String(fields.get('password') ?? '')));

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      window.location.replace(nextHref(landingHref));
    } catch (err) {
      setError(errorKey('auth', err));
      setBusy(false);
    }
  }

  function signIn(address: string, secret: string) {
    if (!address || !secret) return;
    void run(() => signInWithEmail(address, secret));
  }

  function submit(e: SubmitEvent) {
    e.preventDefault();
    signIn(email, password);
  }

  return (
    <div className="auth-card" aria-busy={busy || session.loading}>
      <GoogleSignIn disabled={!hydrated || busy} legalHrefs={legalHrefs} strings={strings} run={run} />
      <p className="divider">{strings['login.or']}</p>
      <form ref={form} onSubmit={submit} noValidate data-early-submit={hydrated ? 'ready' : 'waiting'}>
        <Field name="email" type="email" autoComplete="email" label={strings['common.email']} value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          name="password"
          type="password"
          autoComplete="current-password"
          label={strings['common.password']}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <FormError>{strings[error]}</FormError>}
        <button type="submit" className="button" disabled={busy}>
          {strings['login.submit']}
        </button>
      </form>
      <p>
        <a href={resetHref}>{strings['login.forgot']}</a>
      </p>
      <p>
        {strings['login.noAccount']} <a href={signupHref}>{strings['login.signupLink']}</a>
      </p>
    </div>
  );
}
