import { useState } from 'react';
import type { CourseSummary, Plan } from '../api/schemas.ts';
import { toDate } from '../domain/time.ts';
import { cancelPurchase, retryPurchase, startPurchase, type CheckoutState } from '../stores/checkout.ts';
import { removePlan } from '../stores/plans.ts';
import PaypalButtons from './PaypalButtons.tsx';
import PlanForm from './PlanForm.tsx';
import { fill, type PricingStrings } from './pricing-keys.ts';

interface Props {
  plan: Plan;
  courses: CourseSummary[];
  checkout: CheckoutState;
  isAdmin: boolean;
  locale: string;
  loginHref: string;
  pricingHref: string;
  accountHref: string;
  strings: PricingStrings;
}

/** One plan: its terms, "Adquirir" and the PayPal buttons, and for admins edit and delete (which asks first). */
export default function PlanCard({ plan, courses, checkout, isAdmin, locale, loginHref, pricingHref, accountHref, strings }: Props) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const [deleteFailed, setDeleteFailed] = useState(false);
  const buying = checkout.planId === plan.id ? checkout : null;
  const titleId = `plan-title-${plan.id}`;
  const price = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(plan.price);
  const months = new Intl.NumberFormat(locale, { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(plan.duration);
  const titles = plan.courses.map((id) => courses.find((c) => c.id === id)?.title ?? id);

  if (mode === 'edit') {
    return (
      <article className="plan-card plan-card-editing" aria-labelledby={titleId}>
        <h2 id={titleId}>{plan.title}</h2>
        <PlanForm plan={plan} courses={courses} strings={strings} onDone={() => setMode('view')} onCancel={() => setMode('view')} />
      </article>
    );
  }

  async function confirmDelete() {
    setDeleteFailed(false);
    if (!(await removePlan(plan.id))) setDeleteFailed(true);
  }

  return (
    <article className={`plan-card${plan.visibility ? '' : ' plan-card-hidden'}`} aria-labelledby={titleId} id={`plan-${plan.id}`}>
      {!plan.visibility && <p className="plan-badge">{strings['pricing.hidden']}</p>}
      <h2 id={titleId}>
        <bdi>{plan.title}</bdi>
      </h2>
      <p className="plan-price">{price}</p>
      <dl className="plan-terms">
        <dt>{strings['pricing.duration']}</dt>
        <dd>{months}</dd>
      </dl>
      <p className="plan-description">{plan.description}</p>
      <h3 className="plan-includes">{strings['pricing.includes']}</h3>
      {titles.length ? (
        <ul className="plan-courses-list">
          {titles.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{strings['pricing.noCourses']}</p>
      )}

      <div className="plan-checkout" aria-live="polite">
        {!buying && plan.visibility && (
          <button type="button" className="button plan-buy" onClick={() => startPurchase(plan.id)} aria-describedby={titleId}>
            {strings['pricing.buy']}
          </button>
        )}
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
            <PaypalButtons planId={plan.id} />
          </>
        )}
        {buying?.phase === 'error' && buying.error && (
          <>
            <p className="form-error" role="alert">
              {strings[buying.error]}
            </p>
            <button type="button" className="button button-small" onClick={retryPurchase}>
              {strings['checkout.retry']}
            </button>
          </>
        )}
        {buying?.phase === 'done' && (
          <p className="form-success" role="status">
            {fill(strings['checkout.success'], {
              date: buying.subscription ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(toDate(buying.subscription.next_billing_time)) : '',
            })}{' '}
            <a href={accountHref}>{strings['checkout.toAccount']}</a>
          </p>
        )}
        {buying && buying.phase !== 'done' && buying.phase !== 'capturing' && (
          <button type="button" className="button button-ghost button-small" onClick={cancelPurchase}>
            {strings['pricing.cancel']}
          </button>
        )}
      </div>

      {isAdmin && mode === 'view' && (
        <div className="plan-admin">
          <button type="button" className="button button-small button-ghost" onClick={() => setMode('edit')} aria-describedby={titleId}>
            {strings['pricing.edit']}
          </button>
          <button type="button" className="button button-small button-danger" onClick={() => setMode('confirm')} aria-describedby={titleId}>
            {strings['pricing.delete']}
          </button>
        </div>
      )}
      {isAdmin && mode === 'confirm' && (
        <div className="plan-admin plan-confirm" role="group" aria-label={strings['pricing.delete']}>
          <p>{fill(strings['pricing.confirmDelete'], { title: plan.title })}</p>
          <button type="button" className="button button-small button-danger" onClick={() => void confirmDelete()}>
            {strings['pricing.confirmYes']}
          </button>
          <button type="button" className="button button-small button-ghost" onClick={() => setMode('view')}>
            {strings['pricing.confirmNo']}
          </button>
          {deleteFailed && (
            <p className="form-error" role="alert">
              {strings['pricing.deleteError']}
            </p>
          )}
        </div>
      )}
    </article>
  );
}
