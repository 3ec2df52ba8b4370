import { CONTACT_LIMITS } from '../../domain/contact.ts';
import type { ContactKind } from '../../stores/meta/contact.ts';
import Field from '../ui/Field.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import FieldError from '../ui/FieldError.tsx';
import PlatformField from './PlatformField.tsx';
import { useContactForm } from './useContactForm.ts';

/** The support form adds its own section to the contact form's. */
type Strings = Sections<'contact' | 'common'> & Partial<Sections<'support'>>;

interface Props {
  kind: ContactKind;
  strings: Strings;
}

/** The home contact form and the support form: errors beside the fields, nothing typed is lost when sending fails. */
export default function ContactForm({ kind, strings }: Props) {
  const { form, id, input, change, platform, setPlatform, errors, state, submit } = useContactForm(kind, strings);
  const hydrated = useHydrated();
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
      {kind === 'support' && <PlatformField id={id('platform')} value={platform} onChange={setPlatform} strings={strings} />}
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
