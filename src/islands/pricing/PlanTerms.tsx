import Field from '../ui/Field.tsx';
import type { Sections } from '../../i18n/index.ts';
import type { usePlanForm } from './usePlanForm.ts';

interface Props {
  /** The form's prefix for its fields' names. */
  prefix: string;
  form: ReturnType<typeof usePlanForm>;
  /** The message for a field that was refused. */
  errors: { price: string | undefined; duration: string | undefined };
  strings: Sections<'pricing'>;
}

/** A plan's terms in its form, side by side: its price and its length in months. */
export default function PlanTerms({ prefix, form, errors, strings }: Props) {
  return (
    <div className="plan-form-row">
      <Field
        name={`${prefix}-price`}
        label={strings['pricing.form.price']}
        type="number"
        inputMode="decimal"
        step="0.01"
        value={form.price}
        onChange={(e) => form.setPrice(e.target.value)}
        error={errors.price}
      />
      <Field
        name={`${prefix}-duration`}
        label={strings['pricing.form.duration']}
        type="number"
        inputMode="numeric"
        step="1"
        value={form.duration}
        onChange={(e) => form.setDuration(e.target.value)}
        error={errors.duration}
      />
    </div>
  );
}
