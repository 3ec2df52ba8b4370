import { useEffect, type SubmitEvent } from 'react';
import type { Sections } from '../../i18n/index.ts';
import { $invoiceDetails, loadInvoiceDetails, saveInvoiceDetails } from '../../stores/payments/billing.ts';
import Field from '../ui/Field.tsx';
import FormError from '../ui/FormError.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';

interface Props {
  strings: Sections<'billing'>;
}

/** My account's invoice details: the address and tax id (CPF, NIF, VAT…) the next invoices name. */
export default function InvoiceDetails({ strings }: Props) {
  const state = useIslandStore($invoiceDetails);
  useEffect(() => void loadInvoiceDetails(), []);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void saveInvoiceDetails({ address: String(form.get('billing-address') ?? ''), taxId: String(form.get('billing-tax-id') ?? '') });
  }

  if (state.status === 'loading') return null;
  return (
    <form className="invoice-details" onSubmit={submit} aria-labelledby="invoice-details-title">
      <h3 id="invoice-details-title">{strings['billing.details']}</h3>
      <p className="muted">{strings['billing.detailsHint']}</p>
      <div className="field">
        <label htmlFor="billing-address">{strings['billing.address']}</label>
        <textarea
          id="billing-address"
          name="billing-address"
          rows={3}
          maxLength={500}
          dir="auto"
          defaultValue={state.details.address}
          autoComplete="street-address"
        />
      </div>
      <Field name="billing-tax-id" label={strings['billing.taxId']} maxLength={64} defaultValue={state.details.taxId} dir="ltr" />
      <p>
        <button type="submit" className="button" disabled={state.status === 'saving'}>
          {state.status === 'saving' ? strings['billing.saving'] : strings['billing.save']}
        </button>
      </p>
      <p className="form-success" role="status">
        {state.status === 'saved' ? strings['billing.saved'] : ''}
      </p>
      {(state.status === 'saveError' || state.status === 'error') && <FormError>{strings['billing.saveError']}</FormError>}
    </form>
  );
}
