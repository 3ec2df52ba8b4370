import { AUTH_ERROR_KEYS } from '../stores/error-messages.ts';

/** The strings the billing history needs: its own and the receipt's labels, which the PDF prints too. */
export const BILLING_KEYS = [
  'billing.title',
  'billing.loading',
  'billing.error',
  'billing.none',
  'billing.view',
  'billing.download',
  'billing.downloading',
  'billing.downloadError',
  'billing.close',
  'receipt.title',
  'receipt.date',
  'receipt.seller',
  'receipt.buyer',
  'receipt.plan',
  'receipt.amount',
  'receipt.paypal',
  'receipt.until',
] as const;

export type BillingStrings = Record<(typeof BILLING_KEYS)[number], string>;

/** The strings of the profile settings on My account: the forms, the verification reminder, export and deletion. */
export const PROFILE_KEYS = [
  'account.name',
  'profile.title',
  'profile.phone',
  'profile.save',
  'profile.saving',
  'profile.saved',
  'profile.error.name',
  'profile.error.save',
  'password.title',
  'password.current',
  'password.new',
  'password.confirm',
  'password.save',
  'password.saving',
  'password.saved',
  'password.error.mismatch',
  'data.title',
  'data.text',
  'data.export',
  'data.exporting',
  'data.exportError',
  'delete.open',
  'delete.title',
  'delete.text',
  'delete.password',
  'delete.confirm',
  'delete.deleting',
  'delete.cancel',
  'delete.lastAdmin',
  'delete.error',
  ...AUTH_ERROR_KEYS,
] as const;

export type ProfileStrings = Record<(typeof PROFILE_KEYS)[number], string>;

/** The reminder shown until the email address is verified. */
export const VERIFY_KEYS = [
  'emailVerify.banner',
  'emailVerify.resend',
  'emailVerify.sent',
  'emailVerify.check',
  'emailVerify.still',
  'emailVerify.done',
  'emailVerify.error',
] as const;

export type VerifyStrings = Record<(typeof VERIFY_KEYS)[number], string>;
