import { CHECKOUT_ERROR_KEYS } from '../stores/checkout.ts';

/** The strings the /pricing island needs (the page picks them for its locale). */
export const PRICING_KEYS = [
  'pricing.intro',
  'pricing.language',
  'pricing.missing',
  'course.missingMark',
  'course.allTranslated',
  'pricing.testPayments',
  'pricing.loading',
  'pricing.loadError',
  'pricing.empty',
  'pricing.duration',
  'pricing.includes',
  'pricing.noCourses',
  'pricing.buy',
  'pricing.activeUntil',
  'pricing.extend',
  'pricing.extendNote',
  'pricing.cancel',
  'pricing.hidden',
  'pricing.edu.title',
  'pricing.edu.price',
  'pricing.edu.text',
  'pricing.edu.contact',
  'pricing.edit',
  'pricing.delete',
  'pricing.confirmDelete',
  'pricing.confirmYes',
  'pricing.confirmNo',
  'pricing.deleteError',
  'pricing.subscribers.loading',
  'pricing.subscribers.error',
  'pricing.subscribers.count',
  'pricing.subscribers.none',
  'pricing.subscribers.blocked',
  'pricing.subscribers.blockedHidden',
  'pricing.subscribers.hide',
  'pricing.subscribers.editNote',
  'pricing.hideError',
  'pricing.new',
  'pricing.form.title',
  'pricing.form.price',
  'pricing.form.duration',
  'pricing.form.description',
  'pricing.form.courses',
  'pricing.form.visibility',
  'pricing.form.create',
  'pricing.form.save',
  'pricing.form.error.title',
  'pricing.form.error.price',
  'pricing.form.error.duration',
  'pricing.form.error.description',
  'pricing.form.error.courses',
  'pricing.form.error.generic',
  'checkout.signIn',
  'checkout.signInLink',
  'checkout.loading',
  'checkout.processing',
  'checkout.success',
  'checkout.toAccount',
  'checkout.retry',
  ...CHECKOUT_ERROR_KEYS,
] as const;

export type PricingKey = (typeof PRICING_KEYS)[number];
export type PricingStrings = Record<PricingKey, string>;

/** The strings the "My account" island needs. */
export const ACCOUNT_KEYS = [
  'account.name',
  'common.email',
  'account.subscriptions',
  'account.none',
  'account.seePlans',
  'account.plan',
  'account.status',
  'account.ends',
  'account.active',
  'account.expired',
  'account.loading',
  'account.error',
] as const;

export type AccountStrings = Record<(typeof ACCOUNT_KEYS)[number], string>;

/** Fills {{name}} placeholders in a picked string. */
export function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}
