import { useState } from 'react';
import type { Plan } from '../../api/pricing.ts';
import { hidePlan, removePlan } from '../../stores/payments/plans.ts';
import FormError from '../ui/FormError.tsx';
import { holdersText } from './holders.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  plan: Plan;
  /** The plan's active subscribers: undefined while counting, null when the count could not be read. */
  holders: number | null | undefined;
  locale: string;
  strings: Sections<'pricing'>;
  onClose: () => void;
}

/**
 * Deleting a plan, once its holders are counted: it cannot be deleted while anyone holds it, and hiding it instead
 * keeps their courses until their subscriptions end.
 */
export default function PlanDeleteConfirm({ plan, holders, locale, strings, onClose }: Props) {
  const [failed, setFailed] = useState<'pricing.deleteError' | 'pricing.hideError' | null>(null);

  async function confirmDelete() {
    setFailed(null);
    if (!(await removePlan(plan.id))) setFailed('pricing.deleteError');
  }

  async function hideInstead() {
    setFailed(null);
    if (await hidePlan(plan)) onClose();
    else setFailed('pricing.hideError');
  }

  return (
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
          <p>{holdersText(strings, locale, holders)}</p>
          <p>{strings[plan.visibility ? 'pricing.subscribers.blocked' : 'pricing.subscribers.blockedHidden']}</p>
          {plan.visibility && (
            <button type="button" className="button button-small" onClick={() => void hideInstead()}>
              {strings['pricing.subscribers.hide']}
            </button>
          )}
        </>
      )}
      <button type="button" className="button button-small button-ghost" onClick={onClose}>
        {strings['pricing.confirmNo']}
      </button>
      {failed && <FormError>{strings[failed]}</FormError>}
    </div>
  );
}
