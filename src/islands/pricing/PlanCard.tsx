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
import { PLAYED_IN_KEY } from '../ui/played-in.ts';
import PlanDeleteConfirm from './PlanDeleteConfirm.tsx';
import PlanForm from './PlanForm.tsx';
import LegalLinks, { type LegalHrefs } from '../ui/LegalLinks.tsx';
import HistoryPanel from '../ui/HistoryPanel.tsx';
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
  const listed = plan.courses.map((id) => courses.find((c) => c.id === id) ?? { id, title: id, playedIn: null });
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
        <HistoryPanel
          entity="plan"
          id={plan.id}
          locale={locale}
          strings={strings}
          names={Object.fromEntries(courses.map((c) => [c.id, c.title]))}
          heading="h3"
        />
      </article>
    );
  }

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
      <h3 className="plan-includes">{strings['pricing.includes']}</h3>
      {listed.length ? (
        <ul className="plan-courses-list">
          {listed.map((c) => (
            <li key={c.id} data-course={c.id}>
              {c.title}
              {c.playedIn && <span className="plan-course-played">{strings[PLAYED_IN_KEY[c.playedIn]]}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{strings['pricing.noCourses']}</p>
      )}

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
