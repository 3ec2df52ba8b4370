import { useState } from 'react';
import type { CourseSummary } from '../../api/courses.ts';
import type { Plan } from '../../api/pricing.ts';
import type { Subscription } from '../../api/users.ts';
import { formatDay, formatMonths, formatPrice } from '../../domain/format.ts';
import { activeSubscription } from '../../domain/renewal.ts';
import { toDate } from '../../domain/time.ts';
import type { CheckoutState } from '../../stores/payments/checkout.ts';
import { planSubscribers } from '../../stores/payments/plans.ts';
import PlanCheckout from './PlanCheckout.tsx';
import PlanCourses from './PlanCourses.tsx';
import PlanDeleteConfirm from './PlanDeleteConfirm.tsx';
import PlanEditing from './PlanEditing.tsx';
import LegalLinks, { type LegalHrefs } from '../ui/LegalLinks.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  plan: Plan;
  courses: CourseSummary[];
  checkout: CheckoutState;
  isAdmin: boolean;
  /** The signed-in learner's subscriptions: a plan they hold is extended rather than bought again. */
  subscriptions: Subscription[];
  locale: string;
  /** Whether the page knows who is signed in yet. */
  sessionKnown: boolean;
  loginHref: string;
  pricingHref: string;
  learningHref: string;
  legalHrefs: Required<LegalHrefs>;
  strings: Sections<'pricing' | 'checkout' | 'common' | 'legal' | 'history' | 'billing'>;
}

/**
 * One plan: its terms, "Adquirir" and the PayPal buttons, and for admins edit and delete. Both first count the people
 * who hold the plan now: it cannot be deleted while anyone does, and an edit applies to them.
 */
export default function PlanCard({
  plan,
  courses,
  checkout,
  isAdmin,
  subscriptions,
  locale,
  sessionKnown,
  loginHref,
  pricingHref,
  learningHref,
  legalHrefs,
  strings,
}: Props) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  /** The plan's active subscribers: undefined while counting, null when the count could not be read. */
  const [holders, setHolders] = useState<number | null | undefined>(undefined);
  const buying = checkout.planId === plan.id ? checkout : null;
  const titleId = `plan-title-${plan.id}`;
  const price = formatPrice(locale, plan.price);
  const months = formatMonths(locale, plan.duration);
  const held = activeSubscription(subscriptions, plan.id, new Date());
  const heldUntil = held && formatDay(locale, toDate(held.next_billing_time));

  if (mode === 'edit')
    return <PlanEditing plan={plan} titleId={titleId} holders={holders} courses={courses} locale={locale} strings={strings} onClose={() => setMode('view')} />;

  function open(next: 'edit' | 'confirm') {
    setHolders(undefined);
    setMode(next);
    void planSubscribers(plan.id).then(setHolders);
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
      <PlanCourses plan={plan} courses={courses} strings={strings} />

      <PlanCheckout
        plan={plan}
        buying={buying}
        heldUntil={heldUntil}
        months={months}
        titleId={titleId}
        locale={locale}
        sessionKnown={sessionKnown}
        loginHref={loginHref}
        pricingHref={pricingHref}
        learningHref={learningHref}
        strings={strings}
      />
      {plan.visibility && <LegalLinks hrefs={legalHrefs} strings={strings} lead={strings['checkout.legal']} />}

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
      {isAdmin && mode === 'confirm' && <PlanDeleteConfirm plan={plan} holders={holders} locale={locale} strings={strings} onClose={() => setMode('view')} />}
    </article>
  );
}
