import { useState } from 'react';
import type { CourseSummary } from '../../api/courses.ts';
import type { Plan } from '../../api/pricing.ts';
import type { Subscription } from '../../api/users.ts';
import { formatDay, formatMonths, formatPrice } from '../../domain/format.ts';
import { activeSubscription } from '../../domain/renewal.ts';
import { toDate } from '../../domain/time.ts';
import { cancelPurchase, retryPurchase, startPurchase, type CheckoutState } from '../../stores/checkout.ts';
import { hidePlan, planSubscribers, removePlan } from '../../stores/plans.ts';
import PaypalButtons from './PaypalButtons.tsx';
import PlanForm from './PlanForm.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  plan: Plan;
  courses: CourseSummary[];
  checkout: CheckoutState;
  isAdmin: boolean;
  /** The signed-in learner's subscriptions: a plan they hold is extended rather than bought again. */
  subscriptions: Subscription[];
  locale: string;
  loginHref: string;
  pricingHref: string;
  accountHref: string;
  strings: Sections<'pricing' | 'checkout' | 'common'>;
}

/**
 * One plan: its terms, "Adquirir" and the PayPal buttons, and for admins edit and delete. Both first say how many
 * people hold the plan now: it cannot be deleted while anyone does (hiding it instead keeps their courses until
 * their subscriptions end), and an edit applies to them.
 */
export default function PlanCard({ plan, courses, checkout, isAdmin, subscriptions, locale, loginHref, pricingHref, accountHref, strings }: Props) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  /** The plan's active subscribers: undefined while counting, null when the count could not be read. */
  const [holders, setHolders] = useState<number | null | undefined>(undefined);
  const [failed, setFailed] = useState<'pricing.deleteError' | 'pricing.hideError' | null>(null);
  const buying = checkout.planId === plan.id ? checkout : null;
  const titleId = `plan-title-${plan.id}`;
  const price = formatPrice(locale, plan.price);
  const months = formatMonths(locale, plan.duration);
  const titles = plan.courses.map((id) => courses.find((c) => c.id === id)?.title ?? id);
  const held = activeSubscription(subscriptions, plan.id, new Date());
  const heldUntil = held && formatDay(locale, toDate(held.next_billing_time));

  if (mode === 'edit') {
    return (
      <article className="plan-card plan-card-editing" aria-labelledby={titleId}>
        <h2 id={titleId}>{plan.title}</h2>
        <PlanForm
          plan={plan}
          subscribers={holders}
          courses={courses}
          locale={locale}
          strings={strings}
          onDone={() => setMode('view')}
          onCancel={() => setMode('view')}
        />
      </article>
    );
  }

  function open(next: 'edit' | 'confirm') {
    setHolders(undefined);
    setFailed(null);
    setMode(next);
    void planSubscribers(plan.id).then(setHolders);
  }

  async function confirmDelete() {
    setFailed(null);
    if (!(await removePlan(plan.id))) setFailed('pricing.deleteError');
  }

  async function hideInstead() {
    setFailed(null);
    if (await hidePlan(plan)) setMode('view');
    else setFailed('pricing.hideError');
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
      {heldUntil && (
        <p className="plan-held" data-testid="plan-held">
          <span className="status status-active">{fill(strings['pricing.activeUntil'], { date: heldUntil })}</span>
        </p>
      )}
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
          <button type="button" className="button button-small button-ghost" onClick={() => open('edit')} aria-describedby={titleId}>
            {strings['pricing.edit']}
          </button>
          <button type="button" className="button button-small button-danger" onClick={() => open('confirm')} aria-describedby={titleId}>
            {strings['pricing.delete']}
          </button>
        </div>
      )}
      {isAdmin && mode === 'confirm' && (
        <div className="plan-admin plan-confirm" role="group" aria-label={strings['pricing.delete']} aria-live="polite" aria-busy={holders === undefined}>
          {holders === undefined && <p className="muted">{strings['pricing.subscribers.loading']}</p>}
          {holders === null && <FormError>{strings['pricing.subscribers.error']}</FormError>}
          {holders === 0 && (
            <>
              <p>{fill(strings['pricing.confirmDelete'], { title: plan.title })}</p>
              <p>{strings['pricing.subscribers.none']}</p>
              <button type="button" className="button button-small button-danger" onClick={() => void confirmDelete()}>
                {strings['pricing.confirmYes']}
              </button>
            </>
          )}
          {typeof holders === 'number' && holders > 0 && (
            <>
              <p>{fill(strings['pricing.subscribers.count'], { count: new Intl.NumberFormat(locale).format(holders) })}</p>
              <p>{strings[plan.visibility ? 'pricing.subscribers.blocked' : 'pricing.subscribers.blockedHidden']}</p>
              {plan.visibility && (
                <button type="button" className="button button-small" onClick={() => void hideInstead()}>
                  {strings['pricing.subscribers.hide']}
                </button>
              )}
            </>
          )}
          <button type="button" className="button button-small button-ghost" onClick={() => setMode('view')}>
            {strings['pricing.confirmNo']}
          </button>
          {failed && <FormError>{strings[failed]}</FormError>}
        </div>
      )}
    </article>
  );
}
