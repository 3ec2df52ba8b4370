import { useEffect, useRef, useState } from 'react';
import { $checkout, startPurchase } from '../../stores/payments/checkout.ts';
import { isContentLocale } from '../../domain/localize.ts';
import { $plans, loadPlans } from '../../stores/payments/plans.ts';
import { $session, startSession } from '../../stores/session.ts';
import type { PricingFacts } from '../../api/pricing.ts';
import PlanCard from './PlanCard.tsx';
import PlanForm from './PlanForm.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import type { LegalHrefs } from '../ui/LegalLinks.tsx';

interface Props {
  locale: string;
  /** The plans on sale as the server rendered them with the page; without them (astro dev) the island waits for the API. */
  initial: PricingFacts | undefined;
  loginHref: string;
  pricingHref: string;
  /** My learning, where a payment leads. */
  learningHref: string;
  contactHref: string;
  /** The terms, refund policy and privacy notice a buyer reads beside each plan's Buy. */
  legalHrefs: Required<LegalHrefs>;
  strings: Sections<'pricing' | 'checkout' | 'common' | 'legal' | 'history' | 'billing'>;
}

/** /pricing: the plan cards, the "Educacional" card, and for admins the create-plan form. */
export default function PricingPlans({ locale, initial, loginHref, pricingHref, learningHref, contactHref, legalHrefs, strings }: Props) {
  const session = useIslandStore($session);
  const stored = useIslandStore($plans);
  // The server's plans count as loaded until the store has its own (an admin's, with the hidden ones).
  const { loading, error, plans, courses } = initial && stored.loading && stored.plans.length === 0 ? { ...stored, ...initial, loading: false } : stored;
  const checkout = useIslandStore($checkout);
  const [formKey, setFormKey] = useState(0);
  const resumed = useRef(false);
  const isAdmin = session.user?.isAdmin === true;
  const uid = session.firebaseUser?.uid ?? null;
  const ready = !loading || plans.length > 0;

  useEffect(startSession, []);
  // Plans are read with the caller's token: an admin also gets the hidden ones. Others see the server's, or read them here without.
  useEffect(() => {
    if (!session.loading && (isAdmin || !initial)) void loadPlans(isContentLocale(locale) ? locale : 'en');
  }, [session.loading, uid, isAdmin, locale, initial]);
  // A payment leads to My learning, which says what was bought.
  useEffect(() => {
    if (checkout.phase === 'done' && checkout.planId) window.location.assign(`${learningHref}?paid=${encodeURIComponent(checkout.planId)}`);
  }, [checkout.phase, checkout.planId, learningHref]);
  // Back from the login page with ?plan=: open that plan's payment.
  useEffect(() => {
    if (resumed.current || session.loading || loading || !uid) return;
    resumed.current = true;
    const planId = new URLSearchParams(window.location.search).get('plan');
    if (planId && plans.some((p) => p.id === planId)) {
      startPurchase(planId);
      document.getElementById(`plan-${planId}`)?.scrollIntoView({ block: 'center' });
      window.history.replaceState(null, '', window.location.pathname);
    }
  }, [session.loading, loading, uid, plans]);

  return (
    <div className="pricing" aria-busy={!ready || loading}>
      {initial?.testPayments && (
        <p className="test-payments" role="note">
          {strings['pricing.testPayments']}
        </p>
      )}
      {!ready && <p className="muted">{strings['pricing.loading']}</p>}
      {error && <FormError>{strings['pricing.loadError']}</FormError>}
      {ready && !loading && !error && plans.length === 0 && <p>{strings['pricing.empty']}</p>}
      {ready && (
        <div className="plan-grid">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              courses={courses}
              checkout={checkout}
              isAdmin={isAdmin}
              subscriptions={session.user?.subscriptions ?? []}
              locale={locale}
              sessionKnown={!session.loading}
              loginHref={loginHref}
              pricingHref={pricingHref}
              learningHref={learningHref}
              legalHrefs={legalHrefs}
              strings={strings}
            />
          ))}
          <article className="plan-card plan-card-edu" aria-labelledby="plan-title-edu">
            <h2 id="plan-title-edu">{strings['pricing.edu.title']}</h2>
            <p className="plan-price">{strings['pricing.edu.price']}</p>
            <p className="plan-description">{strings['pricing.edu.text']}</p>
            <div className="plan-checkout">
              <a className="button" href={contactHref}>
                {strings['pricing.edu.contact']}
              </a>
            </div>
          </article>
        </div>
      )}
      {isAdmin && (
        <section className="plan-create" aria-labelledby="plan-create-title">
          <h2 id="plan-create-title">{strings['pricing.new']}</h2>
          <PlanForm key={formKey} plan={null} courses={courses} strings={strings} onDone={() => setFormKey(formKey + 1)} />
        </section>
      )}
    </div>
  );
}
