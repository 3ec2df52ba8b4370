import { useState, type SubmitEvent } from 'react';
import type { Plan } from '../../api/pricing.ts';
import { ADMIN_PLAN_NAME, ADMIN_SUBSCRIPTION_DAYS, MAX_ADMIN_SUBSCRIPTION_DAYS, validGrantDays } from '../../domain/admin-subscription.ts';
import { addSubscription } from '../../stores/users/admin-users.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import FieldError from '../ui/FieldError.tsx';

interface Props {
  plans: Plan[] | null;
  plansError: boolean;
  strings: Sections<'adminUsers'>;
  disabled: boolean;
}

/** Picks a plan (the first by default) and a duration (1 day by default) and adds the admin grant to the draft. */
export default function AddSubscription({ plans, plansError, strings, disabled }: Props) {
  const [planId, setPlanId] = useState<string | undefined>(undefined);
  const [days, setDays] = useState(String(ADMIN_SUBSCRIPTION_DAYS));
  const [daysError, setDaysError] = useState(false);
  const chosen = planId ?? plans?.[0]?.id;

  function submit(e: SubmitEvent) {
    e.preventDefault();
    const n = Number(days);
    if (!/^\s*\d+\s*$/.test(days) || !validGrantDays(n)) {
      setDaysError(true);
      return;
    }
    setDaysError(false);
    addSubscription(chosen, n);
  }

  return (
    <section aria-labelledby="add-subscription-heading" className="add-subscription">
      <h3 id="add-subscription-heading">{strings['adminUsers.add.heading']}</h3>
      {plansError && <FormError>{strings['adminUsers.plans.error']}</FormError>}
      {plans && plans.length === 0 && <p>{strings['adminUsers.add.noPlans']}</p>}
      {plans && plans.length > 0 && (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="add-plan">{strings['adminUsers.add.plan']}</label>
            <select id="add-plan" value={chosen} onChange={(e) => setPlanId(e.target.value)} disabled={disabled}>
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.visibility ? p.title : `${p.title} (${strings['adminUsers.plans.hidden']})`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="add-days">{strings['adminUsers.add.days']}</label>
            <input
              id="add-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ADMIN_SUBSCRIPTION_DAYS}
              step={1}
              value={days}
              disabled={disabled}
              aria-invalid={daysError || undefined}
              aria-describedby={daysError ? 'add-days-error' : undefined}
              onChange={(e) => setDays(e.target.value)}
            />
            {daysError && <FieldError id="add-days-error">{strings['adminUsers.add.daysError']}</FieldError>}
          </div>
          <button type="submit" className="button button-small" disabled={disabled}>
            {strings['adminUsers.add.submit']}
          </button>
          <p className="hint">{fill(strings['adminUsers.add.note'], { name: ADMIN_PLAN_NAME })}</p>
        </form>
      )}
    </section>
  );
}
