import { useState, type SubmitEvent } from 'react';
import type { CourseSummary } from '../../api/courses.ts';
import type { Plan } from '../../api/pricing.ts';
import { CONTENT_LOCALES, missingPlanLocales, TRANSLATED_LOCALES, type ContentLocale, type PlanText } from '../../domain/localize.ts';
import { $plans, savePlan, type PlanField, type SaveOutcome } from '../../stores/plans.ts';
import Field from '../ui/Field.tsx';
import LocalePicker, { localeNames } from '../ui/LocalePicker.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

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

const isText = (field: PlanField) => field === 'title' || field === 'description';

/** The admin's plan form (create when `plan` is null); the server validates and its 400 shows next to the field. */
export default function PlanForm({ plan, subscribers, locale, courses, strings, onDone, onCancel }: Props) {
  const prefix = plan ? `plan-${plan.id}` : 'new-plan';
  // The page may show the plans in another language: the form edits them as stored.
  const stored = useIslandStore($plans).english.find((p) => p.id === plan?.id) ?? plan;
  const [texts, setTexts] = useState<Record<ContentLocale, Required<PlanText>>>(
    () =>
      Object.fromEntries(
        CONTENT_LOCALES.map((l) => {
          const own = l === 'en' ? stored : stored?.translations[l];
          return [l, { title: own?.title ?? '', description: own?.description ?? '' }];
        }),
      ) as Record<ContentLocale, Required<PlanText>>,
  );
  const [lang, setLang] = useState<ContentLocale>('en');
  const title = texts[lang].title;
  const description = texts[lang].description;
  const setText = (field: keyof PlanText, value: string) => setTexts({ ...texts, [lang]: { ...texts[lang], [field]: value } });
  const setTitle = (value: string) => setText('title', value);
  const setDescription = (value: string) => setText('description', value);
  const translations = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, texts[l]]));
  const missing = missingPlanLocales({ title: texts.en.title, description: texts.en.description, translations });
  const [price, setPrice] = useState(plan ? String(plan.price) : '');
  const [duration, setDuration] = useState(plan ? String(plan.duration) : '');
  const [included, setIncluded] = useState<string[]>(plan?.courses ?? []);
  const [visibility, setVisibility] = useState(plan?.visibility ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Extract<SaveOutcome, { ok: false }> | null>(null);
  const hydrated = useHydrated();
  // A refused title or description is the English one: it is marked while the English texts are shown.
  const fieldError = (field: PlanField) => (error?.field === field && (lang === 'en' || !isText(field)) ? strings[error.message] : undefined);
  const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const input = {
      title: texts.en.title,
      price: toNumber(price),
      duration: toNumber(duration),
      description: texts.en.description,
      courses: included,
      visibility,
      translations,
    };
    const outcome = await savePlan(plan?.id ?? null, input as Parameters<typeof savePlan>[1]);
    setBusy(false);
    if (outcome.ok) return onDone();
    setError(outcome);
    // The server checks the English texts, which every other language falls back on: show them, where the message is.
    if (outcome.field && isText(outcome.field)) setLang('en');
  }

  const toggle = (id: string, on: boolean) => setIncluded(on ? [...included, id] : included.filter((c) => c !== id));
  const descriptionId = `field-${prefix}-description`;
  const subscribersId = `${prefix}-subscribers`;
  // What saving does to the people who hold the plan is said before the save, in the form.
  let subscribersNote: string | null = null;
  if (plan && subscribers === undefined) subscribersNote = strings['pricing.subscribers.loading'];
  else if (plan && subscribers === null) subscribersNote = strings['pricing.subscribers.error'];
  else if (plan && subscribers) {
    subscribersNote = `${fill(strings['pricing.subscribers.count'], { count: new Intl.NumberFormat(locale).format(subscribers) })} ${strings['pricing.subscribers.editNote']}`;
  }

  return (
    <form className="plan-form" onSubmit={submit} noValidate aria-busy={busy}>
      <LocalePicker
        id={`${prefix}-lang`}
        value={lang}
        onChange={setLang}
        missing={missing}
        label={strings['pricing.language']}
        missingMark={strings['common.missingMark']}
        summary={missing.length ? fill(strings['pricing.missing'], { locales: localeNames(missing) }) : strings['common.allTranslated']}
      />
      <Field
        name={`${prefix}-title`}
        label={strings['pricing.form.title']}
        lang={lang}
        dir="auto"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={fieldError('title')}
      />
      <div className="plan-form-row">
        <Field
          name={`${prefix}-price`}
          label={strings['pricing.form.price']}
          type="number"
          inputMode="decimal"
          step="0.01"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={fieldError('price')}
        />
        <Field
          name={`${prefix}-duration`}
          label={strings['pricing.form.duration']}
          type="number"
          inputMode="numeric"
          step="1"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          error={fieldError('duration')}
        />
      </div>
      <div className="field">
        <label htmlFor={descriptionId}>{strings['pricing.form.description']}</label>
        <textarea
          id={descriptionId}
          lang={lang}
          dir="auto"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={fieldError('description') ? true : undefined}
          aria-describedby={fieldError('description') ? `${descriptionId}-error` : undefined}
        />
        {fieldError('description') && (
          <p className="field-error" id={`${descriptionId}-error`} role="alert">
            {fieldError('description')}
          </p>
        )}
      </div>
      <fieldset className="plan-courses">
        <legend>{strings['pricing.form.courses']}</legend>
        {courses.map((course) => (
          <label key={course.id}>
            <input type="checkbox" checked={included.includes(course.id)} onChange={(e) => toggle(course.id, e.target.checked)} /> {course.title}
          </label>
        ))}
        {fieldError('courses') && (
          <p className="field-error" role="alert">
            {fieldError('courses')}
          </p>
        )}
      </fieldset>
      <label className="plan-visibility">
        <input
          type="checkbox"
          checked={visibility}
          onChange={(e) => setVisibility(e.target.checked)}
          aria-describedby={subscribersNote ? subscribersId : undefined}
        />{' '}
        {strings['pricing.form.visibility']}
      </label>
      {plan && (
        <p className="muted plan-subscribers" id={subscribersId} aria-live="polite">
          {subscribersNote}
        </p>
      )}
      {error?.field === null && <FormError>{strings[error.message]}</FormError>}
      <div className="plan-actions">
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {plan ? strings['pricing.form.save'] : strings['pricing.form.create']}
        </button>
        {onCancel && (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            {strings['pricing.cancel']}
          </button>
        )}
      </div>
    </form>
  );
}
