import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../../api/client.ts';
import type { CourseSummary } from '../../api/courses.ts';
import type { Plan, PlanInput } from '../../api/pricing.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import { errorField, errorKey, type ErrorField, type ErrorKey } from '../error-messages.ts';
import { $session, idToken } from '../session.ts';

/** The plans on /pricing (hidden ones too for admins) and the catalogue's course titles they refer to. */
export interface PlansState {
  loading: boolean;
  error: boolean;
  plans: Plan[];
  /** For an administrator, the same plans as stored (English texts): what the plan form edits, whatever the page's language. */
  english: Plan[];
  courses: CourseSummary[];
}

export const $plans = atom<PlansState>({ loading: true, error: false, plans: [], english: [], courses: [] });
/** The page's language, kept so a reload after a save shows the same language. */
let shownIn: ContentLocale = 'en';

/** A form field the server can refuse a plan for, with its own message next to it. */
export type PlanField = ErrorField<'plan'>;

/** A refused save: the field the server named (null when the message is for the whole form) and the message's key. */
export type SaveOutcome = { ok: true; plan: Plan } | { ok: false; field: PlanField | null; message: ErrorKey<'plan'> };

/** Loads plans with the caller's token (so admins also get hidden plans) and the course titles, in the page's language. */
export async function loadPlans(lang: ContentLocale = shownIn): Promise<void> {
  shownIn = lang;
  $plans.set({ ...$plans.get(), loading: true, error: false });
  try {
    const token = auth(await idToken());
    const plansIn = (language: ContentLocale) => answer(client.pricing.$get({ query: { lang: language } }, token));
    // Only an administrator edits plans, so only they need the English texts of a page in another language.
    const editing = lang !== 'en' && $session.get().user?.isAdmin === true;
    const [plans, english, courses] = await Promise.all([plansIn(lang), editing ? plansIn('en') : null, answer(client.courses.$get({ query: { lang } }))]);
    $plans.set({ loading: false, error: false, plans, english: english ?? plans, courses });
  } catch {
    $plans.set({ ...$plans.get(), loading: false, error: true });
  }
}

/** Creates (id null) or saves a plan; the server validates, and its 400 is pinned to the field it names. */
export async function savePlan(id: string | null, input: PlanInput): Promise<SaveOutcome> {
  try {
    const token = auth(await idToken());
    const plan = id
      ? await answer(client.pricing[':id'].$put({ param: { id: enc(id) }, json: input }, token))
      : await answer(client.pricing.$post({ json: input }, token));
    await loadPlans();
    return { ok: true, plan };
  } catch (err) {
    return { ok: false, field: errorField('plan', err), message: errorKey('plan', err) };
  }
}

export async function removePlan(id: string): Promise<boolean> {
  try {
    await answer(client.pricing[':id'].$delete({ param: { id: enc(id) } }, auth(await idToken())));
    await loadPlans();
    return true;
  } catch {
    return false;
  }
}

/** How many people hold the plan now, for the admin's warning before a delete or an edit; null when it could not be read. */
export async function planSubscribers(id: string): Promise<number | null> {
  try {
    return (await answer(client.pricing[':id'].subscribers.$get({ param: { id: enc(id) } }, auth(await idToken())))).active;
  } catch {
    return null;
  }
}

/** Hides a plan: no longer sold, while its subscribers keep its courses until their subscriptions end. */
export async function hidePlan(plan: Plan): Promise<boolean> {
  const { id, ...input } = plan;
  return (await savePlan(id, { ...input, visibility: false })).ok;
}
