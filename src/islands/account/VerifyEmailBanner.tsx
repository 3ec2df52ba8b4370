import { useState } from 'react';
import { checkVerified, sendVerification } from '../../stores/users/profile.ts';
import { $session } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  strings: Sections<'emailVerify'>;
}

/** A reminder, until the address is verified, that the link we sent is waiting; it can be sent again. */
export default function VerifyEmailBanner({ strings }: Props) {
  const session = useIslandStore($session);
  const [note, setNote] = useState<{ key: 'emailVerify.sent' | 'emailVerify.still' | 'emailVerify.error'; alert: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const who = session.firebaseUser;
  if (confirmed && who?.emailVerified) {
    return (
      <p className="notice-banner notice-banner-done verify-banner" role="status">
        {strings['emailVerify.done']}
      </p>
    );
  }
  if (!who?.email || who.emailVerified) return null;
  const email = who.email;

  async function resend() {
    setBusy(true);
    setNote((await sendVerification()) ? { key: 'emailVerify.sent', alert: false } : { key: 'emailVerify.error', alert: true });
    setBusy(false);
  }
  async function check() {
    setBusy(true);
    if (await checkVerified()) setConfirmed(true);
    else setNote({ key: 'emailVerify.still', alert: true });
    setBusy(false);
  }

  return (
    <section className="notice-banner verify-banner" aria-labelledby="verify-banner-text" aria-busy={busy}>
      <p id="verify-banner-text">{fill(strings['emailVerify.banner'], { email: isolate(email) })}</p>
      <div className="verify-actions">
        <button type="button" className="button button-small" onClick={() => void resend()} disabled={busy}>
          {strings['emailVerify.resend']}
        </button>
        <button type="button" className="button button-small button-ghost" onClick={() => void check()} disabled={busy}>
          {strings['emailVerify.check']}
        </button>
      </div>
      {note && (
        <p className={note.alert ? 'form-error' : 'form-success'} role={note.alert ? 'alert' : 'status'}>
          {fill(strings[note.key], { email: isolate(email) })}
        </p>
      )}
    </section>
  );
}
