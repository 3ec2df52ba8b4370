import type { Locale } from '../../i18n/locales.ts';
import { useEffect, useState, type ReactNode } from 'react';
import type { Receipt } from '../../api/receipts.ts';
import { formatDay, formatPrice } from '../../domain/format.ts';
import { $billing, downloadReceipt, loadReceipts } from '../../stores/payments/billing.ts';
import { $session } from '../../stores/session.ts';
import Dialog from '../ui/Dialog.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import DataTable from '../ui/DataTable.tsx';
import InvoiceDetails from './InvoiceDetails.tsx';
import { fill } from '../../i18n/fill.ts';

interface Props {
  locale: Locale;
  strings: Sections<'billing' | 'receipt'>;
}

/** My account's billing history: one line per payment, its receipt on screen and as a PDF in the page's language. */
export default function BillingHistory({ locale, strings }: Props) {
  const session = useIslandStore($session);
  const billing = useIslandStore($billing);
  const [open, setOpen] = useState<Receipt | null>(null);
  const [pdf, setPdf] = useState<{ orderId: string; phase: 'busy' | 'failed' } | null>(null);
  const uid = session.firebaseUser?.uid;
  useEffect(() => {
    if (uid) void loadReceipts(locale);
  }, [uid, locale]);

  if (!uid) return null;
  async function download(orderId: string) {
    setPdf({ orderId, phase: 'busy' });
    setPdf((await downloadReceipt(orderId, locale)) ? null : { orderId, phase: 'failed' });
  }

  const downloadButton = (r: Receipt) => (
    <button
      type="button"
      className="button button-small button-ghost"
      onClick={() => void download(r.orderId)}
      disabled={pdf?.orderId === r.orderId && pdf.phase === 'busy'}
      aria-describedby={`receipt-${r.orderId}`}
    >
      {pdf?.orderId === r.orderId && pdf.phase === 'busy' ? strings['billing.downloading'] : strings['billing.download']}
    </button>
  );

  return (
    <section className="billing" aria-labelledby="billing-title" aria-busy={billing.status === 'loading'}>
      <h2 id="billing-title">{strings['billing.title']}</h2>
      <InvoiceDetails strings={strings} />
      {billing.status === 'loading' && <p className="muted">{strings['billing.loading']}</p>}
      {billing.status === 'error' && <FormError>{strings['billing.error']}</FormError>}
      {billing.status === 'ready' && billing.receipts.length === 0 && <p>{strings['billing.none']}</p>}
      {billing.status === 'ready' && billing.receipts.length > 0 && (
        <ReceiptTable locale={locale} strings={strings} receipts={billing.receipts} onView={setOpen} download={downloadButton} />
      )}
      {pdf?.phase === 'failed' && <FormError>{strings['billing.downloadError']}</FormError>}
      <Dialog open={open !== null} title={strings['receipt.title']} onClose={() => setOpen(null)} className="receipt-dialog">
        {open && (
          <>
            <ReceiptFacts locale={locale} strings={strings} receipt={open} />
            <div className="dialog-actions">
              {downloadButton(open)}
              <button type="button" className="button button-small" onClick={() => setOpen(null)}>
                {strings['billing.close']}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}

const kindOf = (r: Receipt, strings: Props['strings']) => (r.kind === 'renewal' ? strings['receipt.renewal'] : strings['receipt.purchase']);

/** One line per payment: plan, kind and day, amount, View and the PDF's download. */
function ReceiptTable({
  locale,
  strings,
  receipts,
  onView,
  download,
}: Props & { receipts: Receipt[]; onView(r: Receipt): void; download(r: Receipt): ReactNode }) {
  const money = (r: Receipt) => formatPrice(locale, r.amount, r.currency);
  return (
    <DataTable className="billing-table" columns={[strings['receipt.plan'], strings['receipt.amount'], strings['receipt.title']]}>
      {receipts.map((r) => (
        <tr key={r.orderId} data-order={r.orderId}>
          <th scope="row" id={`receipt-${r.orderId}`}>
            <bdi>{r.plan.title}</bdi>
            <span className="billing-kind">{kindOf(r, strings)}</span>
            <time className="billing-date" dateTime={r.date}>
              {formatDay(locale, r.date)}
            </time>
          </th>
          <td>
            <bdi>{money(r)}</bdi>
          </td>
          <td>
            <div className="billing-actions">
              <button type="button" className="button button-small" onClick={() => onView(r)} aria-describedby={`receipt-${r.orderId}`}>
                {strings['billing.view']}
              </button>
              {download(r)}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A receipt on screen: invoice number, date, kind, seller, buyer, plan, access end, PayPal order, tax and amount. */
function ReceiptFacts({ locale, strings, receipt }: Props & { receipt: Receipt }) {
  const money = (r: Receipt) => formatPrice(locale, r.amount, r.currency);
  return (
    <dl className="receipt-facts">
      {receipt.invoiceNumber !== null && (
        <>
          <dt>{strings['receipt.invoice']}</dt>
          <dd>
            <bdi dir="ltr">{receipt.invoiceNumber}</bdi>
          </dd>
        </>
      )}
      <dt>{strings['receipt.date']}</dt>
      <dd>{formatDay(locale, receipt.date)}</dd>
      <dt>{strings['receipt.kind']}</dt>
      <dd>{kindOf(receipt, strings)}</dd>
      <dt>{strings['receipt.seller']}</dt>
      <dd>
        <bdi>{receipt.seller.name}</bdi>
        {receipt.seller.address && (
          <>
            <br />
            <bdi>{receipt.seller.address}</bdi>
          </>
        )}
        {receipt.seller.taxId && (
          <>
            <br />
            {strings['receipt.taxId']}: <bdi dir="ltr">{receipt.seller.taxId}</bdi>
          </>
        )}
      </dd>
      <dt>{strings['receipt.buyer']}</dt>
      <dd>
        <bdi>{receipt.buyer.name}</bdi>
        <br />
        <bdi>{receipt.buyer.email}</bdi>
        {receipt.buyer.address
          .split('\n')
          .filter((line) => line.trim())
          .map((line, i) => (
            <span key={i}>
              <br />
              <bdi>{line}</bdi>
            </span>
          ))}
        {receipt.buyer.taxId && (
          <>
            <br />
            {strings['receipt.taxId']}: <bdi dir="ltr">{receipt.buyer.taxId}</bdi>
          </>
        )}
      </dd>
      <dt>{strings['receipt.plan']}</dt>
      <dd>
        <bdi>{receipt.plan.title}</bdi>
      </dd>
      {receipt.paidUntil && (
        <>
          <dt>{strings['receipt.until']}</dt>
          <dd>{formatDay(locale, receipt.paidUntil)}</dd>
        </>
      )}
      <dt>{strings['receipt.paypal']}</dt>
      <dd>
        <bdi dir="ltr">{receipt.orderId}</bdi>
      </dd>
      <dt>{strings['receipt.tax']}</dt>
      <dd>{fill(strings['receipt.noTax'], { amount: formatPrice(locale, receipt.tax, receipt.currency) })}</dd>
      <dt>{strings['receipt.amount']}</dt>
      <dd className="receipt-amount">
        <bdi>{money(receipt)}</bdi>
      </dd>
    </dl>
  );
}
