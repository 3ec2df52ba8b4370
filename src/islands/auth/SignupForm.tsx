import { useRef, useState, type SubmitEvent } from 'react';
import { validateSignup, type SignupErrorKey, type SignupField, type SignupInput } from '../../domain/signup.ts';
import { signUp } from '../../stores/auth-actions.ts';
import { errorKey, type ErrorKey } from '../../stores/error-messages.ts';
import Field from '../ui/Field.tsx';
import { useAdoptTyped } from '../ui/useAdoptTyped.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { useRedirectSignedIn } from './useRedirectSignedIn.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

type Strings = Sections<'signup' | 'common' | 'auth'>;

interface Props {
  landingHref: string;
  loginHref: string;
  strings: Strings;
}

const FIELDS: Array<{ name: SignupField; label: keyof Strings; type: string; autoComplete: string }> = [
  { name: 'name', label: 'signup.name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastname', label: 'signup.lastname', type: 'text', autoComplete: 'family-name' },
  { name: 'contact', label: 'signup.contact', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'common.email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'common.password', type: 'password', autoComplete: 'new-password' },
  { name: 'repeat', label: 'signup.repeat', type: 'password', autoComplete: 'new-password' },
];

/** Sign-up with validateSignup's rules shown next to each field; on success, My learning. */
export default function SignupForm({ landingHref, loginHref, strings }: Props) {
  const [input, setInput] = useState<SignupInput>({ name: '', lastname: '', contact: '', email: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<SignupField, SignupErrorKey>>>({});
  const [failure, setFailure] = useState<ErrorKey<'auth'> | null>(null);
  const [busy, setBusy] = useState(false);
  useRedirectSignedIn(landingHref, !busy);
  const form = useRef<HTMLFormElement>(null);
  useAdoptTyped(form, (typed) => {
    const adopted = Object.fromEntries(FIELDS.flatMap((f) => (typed[f.name] === undefined ? [] : [[f.name, typed[f.name]]])));
    setInput((current) => ({ ...current, ...adopted }));
  });

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const found = validateSignup(input);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signUp(input);
      window.location.assign(landingHref);
    } catch (err) {
      setFailure(errorKey('auth', err));
      setBusy(false);
    }
  }

  const hydrated = useHydrated();
  return (
    <div className="auth-card">
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
        {FIELDS.map((f) => (
          <Field
            key={f.name}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            label={strings[f.label]}
            value={input[f.name]}
            error={errors[f.name] && strings[errors[f.name]!]}
            onChange={(e) => setInput({ ...input, [f.name]: e.target.value })}
          />
        ))}
        {failure && <FormError>{strings[failure]}</FormError>}
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {strings['signup.submit']}
        </button>
      </form>
      <p>
        {strings['signup.haveAccount']} <a href={loginHref}>{strings['signup.loginLink']}</a>
      </p>
    </div>
  );
}
