import type { Sections } from '../../i18n/index.ts';

/** My account before the sign-in is known: the summary's own layout, labels in place and lines where the values go. */
export default function AccountSkeleton({ strings }: { strings: Sections<'account' | 'common'> }) {
  return (
    <div className="account" aria-busy="true">
      <p className="account-loading" role="status">
        {strings['account.loading']}
      </p>
      <dl className="account-details">
        <dt>{strings['account.name']}</dt>
        <dd>
          <span className="skeleton-line account-skeleton-value" />
        </dd>
        <dt>{strings['common.email']}</dt>
        <dd>
          <span className="skeleton-line account-skeleton-value" />
        </dd>
      </dl>
      <h2>{strings['account.subscriptions']}</h2>
      <span className="skeleton-line" />
    </div>
  );
}
