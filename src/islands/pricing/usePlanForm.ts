import { useEffect, useState, type SubmitEvent } from 'react';
import type { Plan } from '../../api/pricing.ts';
import { CONTENT_LOCALES, missingPlanLocales, TRANSLATED_LOCALES, type ContentLocale, type PlanText } from '../../domain/localize.ts';
import { $plans, savePlan, type PlanField, type SaveOutcome } from '../../stores/payments/plans.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';

type Texts = Record<ContentLocale, Required<PlanText>>;

const isText = (field: PlanField) => field === 'title' || field === 'description';
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

const textsOf = (stored: Plan | null): Texts =>
  Object.fromEntries(
    CONTENT_LOCALES.map((l) => {
      const own = l === 'en' ? stored : stored?.translations[l];
      return [l, { title: own?.title ?? '', description: own?.description ?? '' }];
    }),
  ) as Texts;

/** The plan form's draft, kept until saved: its texts in the seven languages and its terms (a new plan when `plan` is null). */
export function usePlanForm(plan: Plan | null, onDone: () => void) {
  // The page may show the plans in another language: the form edits them as stored.
  const english = useIslandStore($plans).english.find((p) => p.id === plan?.id);
  const [texts, setTexts] = useState<Texts>(() => textsOf(english ?? plan));
  const [edited, setEdited] = useState(false);
  // An administrator's stored texts are read after the page's (the server's plans, in the page's language, show
  // first): a form opened before they arrive takes them until its texts are touched, so the page's language is
  // never saved as the English.
  useEffect(() => {
    if (english && !edited) setTexts(textsOf(english));
  }, [english, edited]);
  const [lang, setLang] = useState<ContentLocale>('en');
  const [price, setPrice] = useState(plan ? String(plan.price) : '');
  const [duration, setDuration] = useState(plan ? String(plan.duration) : '');
  const [included, setIncluded] = useState<string[]>(plan?.courses ?? []);
  const [visibility, setVisibility] = useState(plan?.visibility ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Extract<SaveOutcome, { ok: false }> | null>(null);
  const translations = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, texts[l]]));

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

  return {
    lang,
    setLang,
    /** The title and description in the language being written. */
    text: texts[lang],
    setText: (field: keyof PlanText, value: string) => {
      setEdited(true);
      setTexts({ ...texts, [lang]: { ...texts[lang], [field]: value } });
    },
    missing: missingPlanLocales({ title: texts.en.title, description: texts.en.description, translations }),
    price,
    setPrice,
    duration,
    setDuration,
    included,
    toggle: (id: string, on: boolean) => setIncluded(on ? [...included, id] : included.filter((c) => c !== id)),
    visibility,
    setVisibility,
    busy,
    error,
    /** The server's message for a field; a refused title or description is the English one, marked while English is shown. */
    errorOn: (field: PlanField) => (error?.field === field && (lang === 'en' || !isText(field)) ? error.message : undefined),
    submit,
  };
}
