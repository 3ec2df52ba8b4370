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
  'receipt.number',
  'receipt.date',
  'receipt.seller',
  'receipt.buyer',
  'receipt.plan',
  'receipt.amount',
  'receipt.paypal',
  'receipt.until',
] as const;

export type BillingStrings = Record<(typeof BILLING_KEYS)[number], string>;
