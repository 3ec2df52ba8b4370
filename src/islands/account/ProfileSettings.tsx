import { useState, type SubmitEvent } from 'react';
import { changePassword, saveProfile } from '../../stores/users/profile.ts';
import { $session } from '../../stores/session.ts';
import AccountData from './AccountData.tsx';
import Field from '../ui/Field.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import type { Sections } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';

type Strings = Sections<'account' | 'profile' | 'password' | 'data' | 'delete' | 'auth'>;

interface Props {
  locale: Locale;
  homeHref: string;
  /** The refund policy, linked where deleting the account would end a paid plan. */
  refundsHref: string;
  strings: Strings;
}

type Note = { key: keyof Strings; alert: boolean } | null;

const Message = ({ note, strings }: { note: Note; strings: Strings }) =>
  note && (
    <p className={note.alert ? 'form-error' : 'form-success'} role={note.alert ? 'alert' : 'status'}>
      {strings[note.key]}
    </p>
  );

/** My account's settings: name and phone, the password (email accounts), and the learner's data (export, deletion). */
export default function ProfileSettings({ locale, homeHref, refundsHref, strings }: Props) {
  const session = useIslandStore($session);
  const user = session.user;
  const [profileNote, setProfileNote] = useState<Note>(null);
  const [passwordNote, setPasswordNote] = useState<Note>(null);
  const [busy, setBusy] = useState<'profile' | 'password' | null>(null);
  if (!user || !session.firebaseUser) return null;

  async function submitProfile(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    if (!name) return setProfileNote({ key: 'profile.error.name', alert: true });
    setBusy('profile');
    setProfileNote(
      (await saveProfile(name, String(form.get('phone') ?? ''))) ? { key: 'profile.saved', alert: false } : { key: 'profile.error.save', alert: true },
    );
    setBusy(null);
  }

  async function submitPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const next = String(form.get('new-password') ?? '');
    if (next !== String(form.get('confirm-password') ?? '')) return setPasswordNote({ key: 'password.error.mismatch', alert: true });
    setBusy('password');
    const failed = await changePassword(String(form.get('current-password') ?? ''), next);
    setPasswordNote(failed ? { key: failed, alert: true } : { key: 'password.saved', alert: false });
    if (!failed) target.reset();
    setBusy(null);
  }

  return (
    <div className="profile">
      <section aria-labelledby="profile-title">
        <h2 id="profile-title">{strings['profile.title']}</h2>
        <form className="profile-form" onSubmit={(e) => void submitProfile(e)} aria-busy={busy === 'profile'}>
          <Field name="name" label={strings['account.name']} defaultValue={user.name} autoComplete="name" maxLength={401} required />
          <Field name="phone" label={strings['profile.phone']} defaultValue={user.contact} autoComplete="tel" type="tel" dir="ltr" maxLength={50} />
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'profile' ? strings['profile.saving'] : strings['profile.save']}
          </button>
          <Message note={profileNote} strings={strings} />
        </form>
      </section>
      {session.firebaseUser.passwordSignIn && (
        <section aria-labelledby="password-title">
          <h2 id="password-title">{strings['password.title']}</h2>
          <form className="profile-form" onSubmit={(e) => void submitPassword(e)} aria-busy={busy === 'password'}>
            <Field name="current-password" label={strings['password.current']} type="password" autoComplete="current-password" required />
            <Field name="new-password" label={strings['password.new']} type="password" autoComplete="new-password" minLength={6} required />
            <Field name="confirm-password" label={strings['password.confirm']} type="password" autoComplete="new-password" minLength={6} required />
            <button type="submit" className="button" disabled={busy !== null}>
              {busy === 'password' ? strings['password.saving'] : strings['password.save']}
            </button>
            <Message note={passwordNote} strings={strings} />
          </form>
        </section>
      )}
      <AccountData
        locale={locale}
        homeHref={homeHref}
        refundsHref={refundsHref}
        passwordSignIn={session.firebaseUser.passwordSignIn}
        subscriptions={user.subscriptions}
        strings={strings}
      />
    </div>
  );
}
