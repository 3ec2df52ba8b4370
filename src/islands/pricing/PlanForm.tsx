import type { CourseSummary } from '../../api/courses.ts';
import type { Plan } from '../../api/pricing.ts';
import type { PlanField } from '../../stores/payments/plans.ts';
import FormError from '../ui/FormError.tsx';
import LanguageText from '../ui/LanguageText.tsx';
import LanguageTexts from '../ui/LanguageTexts.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import { holdersText } from './holders.ts';
import PlanTerms from './PlanTerms.tsx';
import { usePlanForm } from './usePlanForm.ts';
import type { Sections } from '../../i18n/index.ts';
import FieldError from '../ui/FieldError.tsx';

type Strings = Sections<'pricing' | 'common'>;

interface Props {
  plan: Plan | null;
  /** An edited plan's active subscribers: undefined while counting, null when the count could not be read. */
  subscribers?: number | null | undefined;
  locale?: string;
  courses: CourseSummary[];
  strings: Strings;
  onDone: () => void;
  onCancel?: () => void;
}

/** What saving does to the people who hold the plan, said before the save, in the form. */
function subscribersNote(subscribers: number | null | undefined, locale: string | undefined, strings: Strings): string | null {
  if (subscribers === undefined) return strings['pricing.subscribers.loading'];
  if (subscribers === null) return strings['pricing.subscribers.error'];
  return subscribers ? `${holdersText(strings, locale, subscribers)} ${strings['pricing.subscribers.editNote']}` : null;
}

/** The admin's plan form (create when `plan` is null); the server validates and its 400 shows next to the field. */
export default function PlanForm({ plan, subscribers, locale, courses, strings, onDone, onCancel }: Props) {
  const form = usePlanForm(plan, onDone);
  const hydrated = useHydrated();
  const prefix = plan ? `plan-${plan.id}` : 'new-plan';
  const fieldError = (field: PlanField) => {
    const key = form.errorOn(field);
    return key && strings[key];
  };
  const subscribersId = `${prefix}-subscribers`;
  const note = plan ? subscribersNote(subscribers, locale, strings) : null;
  const languageStrings = {
    label: strings['pricing.language'],
    missingMark: strings['common.missingMark'],
    missingText: strings['pricing.missing'],
    allTranslated: strings['common.allTranslated'],
  };

  return (
    <form className="plan-form" onSubmit={form.submit} noValidate aria-busy={form.busy}>
      <LanguageTexts id={`${prefix}-lang`} lang={form.lang} onLang={form.setLang} missing={form.missing} strings={languageStrings}>
        <LanguageText
          id={`field-${prefix}-title`}
          name={`${prefix}-title`}
          label={strings['pricing.form.title']}
          value={form.text.title}
          error={fieldError('title')}
          onChange={(title) => form.setText('title', title)}
        />
        <PlanTerms prefix={prefix} form={form} errors={{ price: fieldError('price'), duration: fieldError('duration') }} strings={strings} />
        <LanguageText
          id={`field-${prefix}-description`}
          label={strings['pricing.form.description']}
          rows={3}
          value={form.text.description}
          error={fieldError('description')}
          onChange={(description) => form.setText('description', description)}
        />
        <fieldset className="plan-courses">
          <legend>{strings['pricing.form.courses']}</legend>
          {courses.map((course) => (
            <label key={course.id}>
              <input type="checkbox" checked={form.included.includes(course.id)} onChange={(e) => form.toggle(course.id, e.target.checked)} /> {course.title}
            </label>
          ))}
          {fieldError('courses') && <FieldError>{fieldError('courses')}</FieldError>}
        </fieldset>
        <label className="plan-visibility">
          <input
            type="checkbox"
            checked={form.visibility}
            onChange={(e) => form.setVisibility(e.target.checked)}
            aria-describedby={note ? subscribersId : undefined}
          />{' '}
          {strings['pricing.form.visibility']}
        </label>
        {plan && (
          <p className="muted plan-subscribers" id={subscribersId} aria-live="polite">
            {note}
          </p>
        )}
        {form.error?.field === null && <FormError>{strings[form.error.message]}</FormError>}
        <div className="plan-actions">
          <button type="submit" className="button" disabled={!hydrated || form.busy}>
            {plan ? strings['pricing.form.save'] : strings['pricing.form.create']}
          </button>
          {onCancel && (
            <button type="button" className="button button-ghost" onClick={onCancel}>
              {strings['pricing.cancel']}
            </button>
          )}
        </div>
      </LanguageTexts>
    </form>
  );
}
