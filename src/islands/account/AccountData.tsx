import { useState } from 'react';
import type { Subscription } from '../../api/users.ts';
import { formatDay } from '../../domain/format.ts';
import { activePaidPlans } from '../../domain/renewal.ts';
import { toDate } from '../../domain/time.ts';
import { fill } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { exportData } from '../../stores/users/profile.ts';
import Dialog from '../ui/Dialog.tsx';
import Field from '../ui/Field.tsx';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import { useDeleteAccount } from './useDeleteAccount.ts';

interface Props {
  locale: Locale;
  homeHref: string;
  /** The refund policy, which the deletion dialog links when a paid plan still gives access. */
  refundsHref: string;
  passwordSignIn: boolean;
  subscriptions: readonly Subscription[];
  strings: Sections<'data' | 'delete' | 'auth'>;
}

/** "Your data": a JSON copy of everything we hold and the attempts' event logs beside it, and deleting the account after a confirmation (and the password, when there is one). */
export default function AccountData({ locale, homeHref, refundsHref, passwordSignIn, subscriptions, strings }: Props) {
  const [exporting, setExporting] = useState<'data' | 'logs' | 'failed' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { deleting, failure, deleted, home, confirmDelete } = useDeleteAccount(passwordSignIn);
  const paid = activePaidPlans(subscriptions, new Date());

  async function download(part: 'data' | 'logs') {
    setExporting(part);
    setExporting((await exportData(part)) ? null : 'failed');
  }
  const busy = exporting === 'data' || exporting === 'logs';

  const failureText = failure && strings[failure];

  return (
    <section aria-labelledby="data-title">
      <h2 id="data-title">{strings['data.title']}</h2>
      <p>{strings['data.text']}</p>
      <div className="data-actions">
        <button type="button" className="button button-ghost" onClick={() => void download('data')} disabled={busy}>
          {exporting === 'data' ? strings['data.exporting'] : strings['data.export']}
        </button>
        <button type="button" className="button button-ghost" onClick={() => void download('logs')} disabled={busy}>
          {exporting === 'logs' ? strings['data.exporting'] : strings['data.exportLogs']}
        </button>
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          {strings['delete.open']}
        </button>
      </div>
      {exporting === 'failed' && <FormError>{strings['data.exportError']}</FormError>}
      <Dialog
        open={confirming}
        title={strings[deleted ? 'delete.doneTitle' : 'delete.title']}
        onClose={() => (deleted ? window.location.assign(homeHref) : !deleting && setConfirming(false))}
        className="receipt-dialog"
      >
        {deleted ? (
          <div className="delete-done">
            <p role="status">{strings['delete.done']}</p>
            <div className="dialog-actions">
              <a ref={home} className="button" href={homeHref}>
                {strings['delete.home']}
              </a>
            </div>
          </div>
        ) : (
          <form onSubmit={(e) => void confirmDelete(e)} aria-busy={deleting}>
            <p>{strings['delete.text']}</p>
            {paid.length > 0 && (
              <p className="delete-paid">
                {fill(strings['delete.paidPlan'], { n: paid.length, date: formatDay(locale, toDate(paid[0]!.next_billing_time).toISOString()) })}{' '}
                <a href={refundsHref}>{strings['delete.refunds']}</a>
              </p>
            )}
            {passwordSignIn && <Field name="delete-password" label={strings['delete.password']} type="password" autoComplete="current-password" required />}
            {failureText && <FormError>{failureText}</FormError>}
            <div className="dialog-actions">
              <button type="button" className="button button-ghost" onClick={() => setConfirming(false)} disabled={deleting}>
                {strings['delete.cancel']}
              </button>
              <button type="submit" className="button button-danger" disabled={deleting}>
                {deleting ? strings['delete.deleting'] : strings['delete.confirm']}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </section>
  );
}
