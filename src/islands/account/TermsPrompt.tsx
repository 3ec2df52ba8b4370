import { useEffect, useState, type FormEvent } from 'react';
import { needsConsent, TERMS_VERSION } from '../../domain/legal.ts';
import { isolateLtr } from '../../domain/text.ts';
import { acceptTerms } from '../../stores/account/consent.ts';
import { $session, startSession } from '../../stores/session.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FieldError from '../ui/FieldError.tsx';
import FormError from '../ui/FormError.tsx';
import LegalLinks, { type LegalHrefs } from '../ui/LegalLinks.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';

interface Props {
  legalHrefs: LegalHrefs;
  strings: Sections<'consent' | 'legal'>;
}

/**
 * Asks a signed-in person who never accepted the terms (an account older than consent) or accepted an older version
 * to accept the ones in force, at the top of every page until they do: a banner, so the legal pages stay readable.
 */
export default function TermsPrompt({ legalHrefs, strings }: Props) {
  const session = useIslandStore($session);
  const [ticked, setTicked] = useState(false);
  const [state, setState] = useState<'asking' | 'busy' | 'unticked' | 'failed' | 'done'>('asking');
  useEffect(startSession, []);

  if (state === 'done') {
    return (
      <p className="notice-banner notice-banner-done terms-prompt" role="status">
        {strings['consent.done']}
      </p>
    );
  }
  if (!session.user || !needsConsent(session.user.termsVersion)) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ticked) return setState('unticked');
    setState('busy');
    setState((await acceptTerms()) ? 'done' : 'failed');
  }

  return (
    <section className="notice-banner terms-prompt" aria-labelledby="terms-prompt-title" aria-busy={state === 'busy'}>
      <h2 id="terms-prompt-title">{strings['consent.title']}</h2>
      <p>{fill(strings['consent.text'], { version: isolateLtr(TERMS_VERSION) })}</p>
      <LegalLinks hrefs={legalHrefs} strings={strings} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field field-check">
          <input
            id="terms-prompt-check"
            type="checkbox"
            checked={ticked}
            aria-invalid={state === 'unticked' ? true : undefined}
            aria-describedby={state === 'unticked' ? 'terms-prompt-error' : undefined}
            onChange={(e) => setTicked(e.target.checked)}
          />
          <label htmlFor="terms-prompt-check">{strings['consent.check']}</label>
          {state === 'unticked' && <FieldError id="terms-prompt-error">{strings['consent.required']}</FieldError>}
        </div>
        {state === 'failed' && <FormError>{strings['consent.error']}</FormError>}
        <button type="submit" className="button button-small" disabled={state === 'busy'}>
          {strings['consent.accept']}
        </button>
      </form>
    </section>
  );
}
