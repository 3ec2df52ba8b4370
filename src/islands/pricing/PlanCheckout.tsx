import type { Plan } from '../../api/pricing.ts';
import { formatDay } from '../../domain/format.ts';
import { toDate } from '../../domain/time.ts';
import { cancelPurchase, retryPurchase, startPurchase, type CheckoutState } from '../../stores/payments/checkout.ts';
import FormError from '../ui/FormError.tsx';
import PaypalButtons from './PaypalButtons.tsx';
import InvoiceDetails from '../account/InvoiceDetails.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  plan: Plan;
  /** The checkout when it is this plan's, else null. */
  buying: CheckoutState | null;
  /** The end of the learner's subscription to this plan, written out, when they hold it: buying extends it. */
  heldUntil: string | null | undefined;
  months: string;
  titleId: string;
  locale: string;
  /** Whether the page knows who is signed in: "Buy" (rendered with the page, before any script) waits for it, as it asks a visitor to log in first. */
  sessionKnown: boolean;
  loginHref: string;
  pricingHref: string;
  learningHref: string;
  strings: Sections<'pricing' | 'checkout' | 'billing'>;
}

/**
 * A plan's purchase, step by step: "Adquirir", signing in first, PayPal's buttons beside the invoice details (billing
 * address and tax id, saved for the invoice before paying), the failure or the new end date.
 */
export default function PlanCheckout({ plan, buying, heldUntil, months, titleId, locale, sessionKnown, loginHref, pricingHref, learningHref, strings }: Props) {
  return (
    <div className="plan-checkout" aria-live="polite">
      {!buying && plan.visibility && (
        <button type="button" className="button plan-buy" disabled={!sessionKnown} onClick={() => startPurchase(plan.id)} aria-describedby={titleId}>
          {heldUntil ? strings['pricing.extend'] : strings['pricing.buy']}
        </button>
      )}
      {heldUntil && buying && buying.phase !== 'done' && <p className="muted">{fill(strings['pricing.extendNote'], { months, date: heldUntil })}</p>}
      {buying?.phase === 'signin' && (
        <p>
          {strings['checkout.signIn']}{' '}
          <a className="button button-small" href={`${loginHref}?next=${encodeURIComponent(`${pricingHref}?plan=${plan.id}`)}`}>
            {strings['checkout.signInLink']}
          </a>
        </p>
      )}
      {(buying?.phase === 'loading' || buying?.phase === 'ready' || buying?.phase === 'capturing') && (
        <>
          {buying.phase === 'loading' && <p className="muted">{strings['checkout.loading']}</p>}
          {buying.phase === 'capturing' && <p className="muted">{strings['checkout.processing']}</p>}
          {buying.phase !== 'capturing' && (
            <details className="checkout-invoice">
              <summary>{strings['checkout.invoice']}</summary>
              <InvoiceDetails strings={strings} />
            </details>
          )}
          <PaypalButtons planId={plan.id} />
        </>
      )}
      {buying?.phase === 'error' && buying.error && (
        <>
          <FormError>{strings[buying.error]}</FormError>
          <button type="button" className="button button-small" onClick={retryPurchase}>
            {strings['checkout.retry']}
          </button>
        </>
      )}
      {buying?.phase === 'done' && (
        <p className="form-success" role="status">
          {fill(strings['checkout.success'], {
            date: buying.subscription ? formatDay(locale, toDate(buying.subscription.next_billing_time)) : '',
          })}{' '}
          <a href={learningHref}>{strings['checkout.toLearning']}</a>
        </p>
      )}
      {buying && buying.phase !== 'done' && buying.phase !== 'capturing' && (
        <button type="button" className="button button-ghost button-small" onClick={cancelPurchase}>
          {strings['pricing.cancel']}
        </button>
      )}
    </div>
  );
}
