import { lazy, Suspense, useState } from 'react';
import { signInWithGoogle, signInWithGoogleStandIn } from '../../stores/auth-actions.ts';
import { publicConfig } from '../../stores/firebase.ts';
import type { Sections } from '../../i18n/index.ts';
import LegalLinks, { type LegalHrefs } from '../ui/LegalLinks.tsx';

const GoogleStandIn = lazy(() => import('./GoogleStandIn.tsx'));

interface Props {
  disabled: boolean;
  legalHrefs: LegalHrefs;
  strings: Sections<'login' | 'common' | 'auth' | 'legal'>;
  /** Signs in with the action given, then leads on (or says why it failed). */
  run: (action: () => Promise<void>) => Promise<void>;
}

/** Google sign-in on the login page: the button with Google's terms, and against the Auth emulator the stand-in chooser. */
export default function GoogleSignIn({ disabled, legalHrefs, strings, run }: Props) {
  /**
   * The stand-in chooser's opening, counted (0: closed). A chooser closed by Escape tells us so a moment later (the
   * dialog's close event is a task of its own); the count keeps that late word from closing one opened since.
   */
  const [chooser, setChooser] = useState(0);

  /** Google's popup, or against the Auth emulator (offline, no Google) the local stand-in chooser. */
  async function google() {
    const cfg = await publicConfig().catch(() => null);
    if (cfg?.authEmulatorUrl) setChooser((opening) => opening + 1);
    else await run(signInWithGoogle);
  }

  return (
    <>
      <button type="button" className="button button-google" disabled={disabled} onClick={() => void google()}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
        </svg>
        {strings['login.google']}
      </button>
      <p className="fine-print">{strings['login.googleTerms']}</p>
      <LegalLinks hrefs={legalHrefs} strings={strings} />
      {chooser > 0 && (
        <Suspense fallback={null}>
          <GoogleStandIn
            key={chooser}
            strings={strings}
            onCancel={() => setChooser((opening) => (opening === chooser ? 0 : opening))}
            onChoose={(account) => {
              setChooser(0);
              void run(() => signInWithGoogleStandIn(account));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
