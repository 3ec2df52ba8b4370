import { useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { validateSignup, type SignupErrorKey, type SignupField, type SignupInput } from '../../domain/signup.ts';
import { signUp } from '../../stores/auth-actions.ts';
import { errorKey, type ErrorKey } from '../../stores/error-messages.ts';
import Field from '../ui/Field.tsx';
import { useAdoptTyped } from '../ui/useAdoptTyped.ts';
import { useEarlySubmit } from '../ui/useEarlySubmit.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { useRedirectSignedIn } from './useRedirectSignedIn.ts';
import type { Sections } from '../../i18n/index.ts';
import FieldError from '../ui/FieldError.tsx';
import FormError from '../ui/FormError.tsx';
import LegalLinks, { type LegalHrefs } from '../ui/LegalLinks.tsx';

type Strings = Sections<'signup' | 'common' | 'auth' | 'legal'>;

interface Props {
  landingHref: string;
  loginHref: string;
  legalHrefs: LegalHrefs;
  strings: Strings;
}

const FIELDS: Array<{ name: Exclude<SignupField, 'terms'>; label: keyof Strings; type: string; autoComplete: string }> = [
  { name: 'name', label: 'signup.name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastname', label: 'signup.lastname', type: 'text', autoComplete: 'family-name' },
  { name: 'contact', label: 'signup.contact', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'common.email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'common.password', type: 'password', autoComplete: 'new-password' },
  { name: 'repeat', label: 'signup.repeat', type: 'password', autoComplete: 'new-password' },
];

/** The form's fields as they are, for a submit made before the island's state took them in. */
function typedInput(fields: FormData): SignupInput {
  const text = (name: SignupField) => String(fields.get(name) ?? '');
  return {
    name: text('name'),
    lastname: text('lastname'),
    contact: text('contact'),
    email: text('email'),
    password: text('password'),
    repeat: text('repeat'),
    terms: fields.get('terms') !== null,
  };
}

/** Sign-up with validateSignup's rules shown next to each field (the terms accepted too); on success, My learning. */
export default function SignupForm({ landingHref, loginHref, legalHrefs, strings }: Props) {
  const [input, setInput] = useState<SignupInput>({ name: '', lastname: '', contact: '', email: '', password: '', repeat: '', terms: false });
  const [errors, setErrors] = useState<Partial<Record<SignupField, SignupErrorKey>>>({});
  const [failure, setFailure] = useState<ErrorKey<'auth'> | null>(null);
  const [busy, setBusy] = useState(false);
  useRedirectSignedIn(landingHref, !busy);
  const form = useRef<HTMLFormElement>(null);
  useAdoptTyped(form, (typed) => {
    const adopted = Object.fromEntries(FIELDS.flatMap((f) => (typed[f.name] === undefined ? [] : [[f.name, typed[f.name]]])));
    setInput((current) => ({ ...current, ...adopted }));
  });
  const terms = useRef<HTMLInputElement>(null);
  // A box ticked before the island hydrated stays ticked (useAdoptTyped takes text fields only).
  useLayoutEffect(() => {
    if (terms.current?.checked) setInput((current) => ({ ...current, terms: true }));
  }, []);
  // Enter (or Sign up) pressed before the script came: sent with what the fields hold now.
  useEarlySubmit(form, (fields) => void send(typedInput(fields)));

  async function send(values: SignupInput) {
    const found = validateSignup(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signUp(values);
      window.location.assign(landingHref);
    } catch (err) {
      setFailure(errorKey('auth', err));
      setBusy(false);
    }
  }

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send(input);
  }

  const hydrated = useHydrated();
  return (
    <div className="auth-card">
      <form ref={form} onSubmit={submit} noValidate data-early-submit={hydrated ? 'ready' : 'waiting'}>
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
        <div className="field field-check">
          <input
            ref={terms}
            id="field-terms"
            name="terms"
            type="checkbox"
            checked={input.terms}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'field-terms-error' : undefined}
            onChange={(e) => setInput({ ...input, terms: e.target.checked })}
          />
          <label htmlFor="field-terms">{strings['signup.terms']}</label>
          {errors.terms && <FieldError id="field-terms-error">{strings[errors.terms]}</FieldError>}
        </div>
        <LegalLinks hrefs={legalHrefs} strings={strings} lead={strings['signup.legalLinks']} />
        {failure && <FormError>{strings[failure]}</FormError>}
        <button type="submit" className="button" disabled={busy}>
          {strings['signup.submit']}
        </button>
      </form>
      <p>
        {strings['signup.haveAccount']} <a href={loginHref}>{strings['signup.loginLink']}</a>
      </p>
    </div>
  );
}
