import type { Plan } from '../../api/pricing.ts';
import type { Subscription } from '../../api/users.ts';
import { subscriptionStatus } from '../../domain/entitlement.ts';
import { formatDateTime } from '../../domain/format.ts';
import { isContentLocale, subscriptionTitle } from '../../domain/localize.ts';
import { toDate } from '../../domain/time.ts';
import { removeSubscription } from '../../stores/users/admin-users.ts';
import type { Sections } from '../../i18n/index.ts';
import DataTable from '../ui/DataTable.tsx';

interface Props {
  locale: string;
  subscriptions: Subscription[];
  plans: Plan[] | null;
  strings: Sections<'adminUsers'>;
  disabled: boolean;
}

/** The user's subscriptions by their plan's title in the page's language, ACTIVE/EXPIRED as the domain derives it, and the end date. */
export default function SubscriptionTable({ locale, subscriptions, plans, strings, disabled }: Props) {
  const now = new Date();
  const planTitle = (sub: Subscription) => {
    const title = subscriptionTitle(sub, plans ?? [], isContentLocale(locale) ? locale : 'en');
    return plans?.find((p) => p.id === sub.product_id)?.visibility === false ? `${title} (${strings['adminUsers.plans.hidden']})` : title;
  };
  function remove(sub: Subscription) {
    if (window.confirm(strings['adminUsers.subs.removeConfirm'])) removeSubscription(sub.subscription_id);
  }
  return (
    <section aria-labelledby="subscriptions-heading">
      <h3 id="subscriptions-heading">{strings['adminUsers.subs.heading']}</h3>
      {subscriptions.length === 0 ? (
        <p>{strings['adminUsers.subs.none']}</p>
      ) : (
        <DataTable
          className="subscriptions"
          columns={[
            strings['adminUsers.subs.provider'],
            strings['adminUsers.subs.plan'],
            strings['adminUsers.subs.status'],
            strings['adminUsers.subs.end'],
            strings['adminUsers.subs.actions'],
          ]}
        >
          {subscriptions.map((sub) => {
            const end = toDate(sub.next_billing_time);
            const active = subscriptionStatus(sub, now) === 'ACTIVE';
            return (
              <tr key={sub.subscription_id}>
                <td>{sub.provider}</td>
                <td>
                  <bdi>{planTitle(sub)}</bdi>
                </td>
                <td>
                  <span className={active ? 'status status-active' : 'status status-expired'}>
                    {strings[active ? 'adminUsers.status.active' : 'adminUsers.status.expired']}
                  </span>
                </td>
                <td>
                  <time dateTime={end.toISOString()}>{formatDateTime(locale, end)}</time>
                </td>
                <td>
                  <button
                    type="button"
                    className="button button-small button-ghost"
                    disabled={disabled}
                    aria-label={`${strings['adminUsers.subs.remove']}: ${planTitle(sub)}`}
                    onClick={() => remove(sub)}
                  >
                    {strings['adminUsers.subs.remove']}
                  </button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
