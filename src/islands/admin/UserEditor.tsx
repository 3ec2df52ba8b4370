import { discardChanges, isDirty, saveUser, setFlag, type AdminUsersState } from '../../stores/users/admin-users.ts';
import AddSubscription from './AddSubscription.tsx';
import SubscriptionTable from './SubscriptionTable.tsx';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  locale: string;
  state: AdminUsersState;
  strings: Sections<'adminUsers'>;
  hydrated: boolean;
}

/** The found user: who they are, the access toggles, the subscriptions, and Save; edits stay local until Save. */
export default function UserEditor({ locale, state, strings, hydrated }: Props) {
  const user = state.draft!;
  const dirty = isDirty(state);
  const busy = !hydrated || state.saving;
  return (
    <section className="user-card" aria-labelledby="found-user">
      <h2 id="found-user" tabIndex={-1}>
        <bdi>{user.email}</bdi>
      </h2>
      <dl className="user-facts">
        <dt>{strings['adminUsers.user.email']}</dt>
        <dd>
          <bdi>{user.email}</bdi>
        </dd>
        <dt>{strings['adminUsers.user.id']}</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
        {user.name && (
          <>
            <dt>{strings['adminUsers.user.name']}</dt>
            <dd>
              <bdi>{user.name}</bdi>
            </dd>
          </>
        )}
        {user.contact && (
          <>
            <dt>{strings['adminUsers.user.contact']}</dt>
            <dd>
              <bdi>{user.contact}</bdi>
            </dd>
          </>
        )}
      </dl>

      <fieldset className="access">
        <legend>{strings['adminUsers.access.heading']}</legend>
        <label>
          <input type="checkbox" checked={user.isPremium} disabled={busy} onChange={(e) => setFlag('isPremium', e.target.checked)} />
          {strings['adminUsers.access.premium']}
        </label>
        <label>
          <input type="checkbox" checked={user.isAdmin} disabled={busy} onChange={(e) => setFlag('isAdmin', e.target.checked)} />
          {strings['adminUsers.access.admin']}
        </label>
        <label>
          <input type="checkbox" checked={user.isExpert} disabled={busy} onChange={(e) => setFlag('isExpert', e.target.checked)} />
          {strings['adminUsers.access.expert']}
        </label>
      </fieldset>

      <SubscriptionTable locale={locale} subscriptions={user.subscriptions} plans={state.plans} strings={strings} disabled={busy} />
      <AddSubscription plans={state.plans} plansError={state.plansError} strings={strings} disabled={busy} />

      <div className="save-bar">
        <div aria-live="polite" className="save-status">
          {state.saveError && <FormError>{strings[state.saveError]}</FormError>}
          {!state.saveError && dirty && <p className="unsaved">{strings['adminUsers.unsaved']}</p>}
          {state.justSaved && (
            <p className="form-success" role="status">
              {strings['adminUsers.saved']}
            </p>
          )}
        </div>
        <button type="button" className="button" disabled={busy || !dirty} onClick={() => void saveUser()}>
          {state.saving ? strings['adminUsers.saving'] : strings['adminUsers.save']}
        </button>
        <button type="button" className="button button-ghost" disabled={busy || !dirty} onClick={discardChanges}>
          {strings['adminUsers.discard']}
        </button>
      </div>
    </section>
  );
}
