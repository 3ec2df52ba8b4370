import { useEffect } from 'react';
import { subscriptionStatus } from '../../domain/entitlement.ts';
import { formatDateTime } from '../../domain/format.ts';
import { toDate } from '../../domain/time.ts';
import { $session, startSession } from '../../stores/session.ts';
import { $subscriptionTitles, loadSubscriptionTitles, subscriptionName } from '../../stores/payments/subscription-titles.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import DataTable from '../ui/DataTable.tsx';
import AccountSkeleton from './AccountSkeleton.tsx';

interface Props {
  locale: string;
  loginHref: string;
  pricingHref: string;
  strings: Sections<'account' | 'common'>;
}

/** "My account": who is signed in and their subscriptions, with status from the domain rule; visitors go to login. */
export default function AccountPanel({ locale, loginHref, pricingHref, strings }: Props) {
  const session = useIslandStore($session);
  const titles = useIslandStore($subscriptionTitles);
  useEffect(startSession, []);
  const held = session.user?.subscriptions.length ?? 0;
  useEffect(() => {
    if (held > 0) void loadSubscriptionTitles();
  }, [held]);
  useEffect(() => {
    if (!session.loading && !session.firebaseUser) window.location.replace(`${loginHref}?next=${encodeURIComponent(window.location.pathname)}`);
  }, [session.loading, session.firebaseUser, loginHref]);

  if (session.loading || !session.firebaseUser) return <AccountSkeleton strings={strings} />;
  if (!session.user) {
    return <FormError>{strings['account.error']}</FormError>;
  }
  const { user } = session;
  const now = new Date();
  return (
    <div className="account">
      <dl className="account-details">
        <dt>{strings['account.name']}</dt>
        <dd>
          <bdi>{user.name || session.firebaseUser.displayName || '—'}</bdi>
        </dd>
        <dt>{strings['common.email']}</dt>
        <dd>
          <bdi>{user.email}</bdi>
        </dd>
      </dl>
      <h2>{strings['account.subscriptions']}</h2>
      {user.subscriptions.length === 0 ? (
        <p>
          {strings['account.none']} <a href={pricingHref}>{strings['account.seePlans']}</a>
        </p>
      ) : titles.status === 'idle' || titles.status === 'loading' ? (
        <span className="skeleton-line" aria-busy="true" />
      ) : (
        <DataTable className="subscriptions" columns={[strings['account.plan'], strings['account.status'], strings['account.ends']]}>
          {user.subscriptions.map((sub) => {
            const status = subscriptionStatus(sub, now);
            return (
              <tr key={sub.subscription_id}>
                <td>
                  <bdi>{subscriptionName(sub, titles.value)}</bdi>
                </td>
                <td>
                  <span className={`status status-${status.toLowerCase()}`} data-status={status}>
                    {status === 'ACTIVE' ? strings['account.active'] : strings['account.expired']}
                  </span>
                </td>
                <td>
                  <time dateTime={toDate(sub.next_billing_time).toISOString()}>{formatDateTime(locale, toDate(sub.next_billing_time))}</time>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </div>
  );
}
