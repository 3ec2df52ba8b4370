import { createRoute, z } from '@hono/zod-openapi';
import { bearer, dbString, documentLanguage, errors, json, pdfAnswer } from './shared.ts';

/** The contract of /receipts: a learner's billing history and each payment's receipt, as JSON or PDF. */

/** A captured payment as its receipt shows it: who sold what to whom, for how much, and PayPal's order id. */
export const Receipt = z
  .object({
    orderId: z.string(),
    invoiceNumber: z
      .number()
      .int()
      .nullable()
      .describe('Given in the order payments were captured, 1, 2, 3… with no gap; null only while a payment is not complete'),
    kind: z
      .enum(['purchase', 'renewal'])
      .describe("'renewal': the payment extended a subscription to the plan that was still active") /** When the payment was captured (ISO 8601). */,
    date: z.string(),
    seller: z.object({ name: z.string(), address: z.string(), taxId: z.string().describe('SELLER_TAX_ID at capture; empty when none was set') }),
    /** Name and address as they were at payment; empty once the account was deleted. */
    buyer: z.object({
      name: z.string(),
      email: z.string(),
      address: z.string().describe("As My account's billing details had it at payment; empty when none was given"),
      taxId: z.string().describe('CPF, NIF, VAT number… as given at payment; empty when none was'),
    }),
    /** The plan's title in the language asked for (English where it has none). */
    plan: z.object({ id: z.string(), title: z.string() }),
    amount: z.number(),
    currency: z.string(),
    tax: z.number().describe('The tax included in the amount: 0, as no tax applies to these sales (the receipt says so)'),
    /** Until when the payment gave access (ISO 8601). */
    paidUntil: z.string().nullable(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof Receipt>;

const orderParam = z.object({ orderId: dbString().min(1).max(64) });

export const list = createRoute({
  method: 'get',
  path: '/receipts',
  description: "The caller's receipts, newest first (their billing history); administrators may pass `userId`.",
  security: bearer,
  request: { query: z.strictObject({ userId: dbString().min(1).max(128).optional(), lang: documentLanguage }) },
  responses: { 200: json(z.array(Receipt)), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const get = createRoute({
  method: 'get',
  path: '/receipts/{orderId}',
  description: "One payment's receipt: its buyer and administrators.",
  security: bearer,
  request: { params: orderParam, query: z.strictObject({ lang: documentLanguage }) },
  responses: { 200: json(Receipt), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const pdf = createRoute({
  method: 'get',
  path: '/receipts/{orderId}/pdf',
  description: 'The receipt as a PDF in the language asked for (`lang`, default English): its buyer and administrators.',
  security: bearer,
  request: { params: orderParam, query: z.strictObject({ lang: documentLanguage }) },
  responses: {
    200: pdfAnswer,
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    429: errors[429],
  },
});
