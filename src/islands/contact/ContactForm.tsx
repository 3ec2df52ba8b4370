import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { contactProblems, CONTACT_LIMITS, type ContactField, type ContactInput } from '../../domain/contact.ts';
import { detectPlatform } from '../../domain/platform.ts';
import { sendMessage, type ContactKind } from '../../stores/meta/contact.ts';
import Field from '../ui/Field.tsx';
import { useAdoptTyped } from '../ui/useAdoptTyped.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import FieldError from '../ui/FieldError.tsx';

/** The support form adds its own section to the contact form's. */
type Strings = Sections<'contact' | 'common'> & Partial<Sections<'support'>>;

interface Props {
  kind: ContactKind;
  strings: Strings;
}

const EMPTY: ContactInput = { name: '', email: '', question: '' };
const PLATFORMS = ['windows', 'mac', 'browser', 'other'] as const;
type Platform = (typeof PLATFORMS)[number];
/** The Platform tag the support team receives, whatever the visitor's language. */
const PLATFORM_TAGS: Record<Platform, string> = { windows: 'Windows', mac: 'macOS', browser: 'Browser', other: 'Other' };
/** The platform's name in the visitor's language. */
const PLATFORM_LABELS = {
  windows: 'support.platform.windows',
  mac: 'support.platform.mac',
  browser: 'support.platform.browser',
  other: 'support.platform.other',
} as const satisfies Record<Platform, keyof Strings>;

/** The home contact form and the support form: errors beside the fields, nothing typed is lost when sending fails. */
export default function ContactForm({ kind, strings }: Props) {
  const [input, setInput] = useState<ContactInput>(EMPTY);
  const [platform, setPlatform] = useState<Platform>('windows');
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const hydrated = useHydrated();
  const id = (name: string) => `${kind}-${name}`;
  const form = useRef<HTMLFormElement>(null);
  const platformChosen = useRef(false);

  useAdoptTyped(form, (typed) => {
    const value = (field: ContactField) => typed[id(field)];
    setInput((current) => ({ name: value('name') ?? current.name, email: value('email') ?? current.email, question: value('question') ?? current.question }));
    const chosen = typed[id('platform')];
    if (PLATFORMS.includes(chosen as Platform)) {
      platformChosen.current = true;
      setPlatform(chosen as Platform);
    }
  });

  useEffect(() => {
    if (platformChosen.current) return;
    const detected = detectPlatform(navigator.platform || '');
    setPlatform(detected === 'Unknown' ? 'browser' : detected);
  }, []);

  const change = (field: ContactField) => (value: string) => {
    setInput({ ...input, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    if (state === 'sent') setState('idle');
  };

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const problems = contactProblems(input);
    const messages = Object.fromEntries(
      Object.entries(problems).map(([f, p]) => [f, strings[p === 'email' ? 'contact.error.email' : 'contact.error.required']]),
    );
    setErrors(messages);
    if (Object.keys(messages).length) return;
    setState('sending');
    try {
      await sendMessage(kind, input, PLATFORM_TAGS[platform]);
      setInput(EMPTY);
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  const questionError = errors.question;
  return (
    <form ref={form} className="contact-form" noValidate onSubmit={submit} aria-busy={state === 'sending'}>
      <Field
        name={id('name')}
        label={strings['contact.name']}
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        value={input.name}
        onChange={(e) => change('name')(e.target.value)}
        error={errors.name}
      />
      <Field
        name={id('email')}
        label={strings['common.email']}
        type="email"
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
        value={input.email}
        onChange={(e) => change('email')(e.target.value)}
        error={errors.email}
      />
      {kind === 'support' && (
        <div className="field">
          <label htmlFor={id('platform')}>{strings['support.platform']}</label>
          <select id={id('platform')} name={id('platform')} value={platform} onChange={(e) => setPlatform(e.target.value as Platform)}>
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {strings[PLATFORM_LABELS[p]]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={id('question')}>{strings['contact.question']}</label>
        <textarea
          id={id('question')}
          name={id('question')}
          rows={5}
          required
          maxLength={CONTACT_LIMITS.question}
          value={input.question}
          onChange={(e) => change('question')(e.target.value)}
          aria-invalid={questionError ? true : undefined}
          aria-describedby={questionError ? `${id('question')}-error` : undefined}
        />
        {questionError && <FieldError id={`${id('question')}-error`}>{questionError}</FieldError>}
      </div>
      {state === 'failed' && <FormError>{strings['contact.error.send']}</FormError>}
      {state === 'sent' && (
        <p className="form-success" role="status">
          {kind === 'support' ? strings['support.sent'] : strings['contact.sent']}
        </p>
      )}
      <button type="submit" className="button" disabled={!hydrated || state === 'sending'}>
        {state === 'sending' ? strings['contact.sending'] : kind === 'support' ? strings['support.submit'] : strings['contact.submit']}
      </button>
    </form>
  );
}
