import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Refusal } from './paypal-errors.ts';
import { BUYER, PAYPAL_WEB } from './paypal-web.ts';

/* Orders v2 as the spec (openapi/checkout_orders_v2.json) and its reference pages describe the objects this flow uses. */

/** "The currency and amount for a financial transaction": `value` is a string, never a number. */
export interface Money {
  currency_code: string;
  value: string;
}

interface Unit {
  reference_id: string;
  description?: string;
  amount: Money;
  capture?: { id: string; status: 'COMPLETED'; amount: Money; final_capture: true; create_time: string; update_time: string };
}

/** An order as PayPal keeps it: the Orders v2 `order_status` values this flow goes through. */
export interface Order {
  id: string;
  intent: 'CAPTURE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  units: Unit[];
  approved: boolean;
  createTime: string;
  updateTime: string;
}

// PayPal's REST currency codes; HUF, JPY and TWD "do not support decimals".
const CURRENCIES = 'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN NOK NZD PHP PLN GBP SGD SEK CHF THB TWD USD'.split(' ');
const WHOLE = ['HUF', 'JPY', 'TWD'];

/** PayPal's times: RFC 3339, to the second ("2018-04-01T21:18:49Z"). */
export const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
/** Order and capture IDs look like PayPal's (`5O190127TN364715T`): the spec's id pattern is ^[A-Z0-9]+$. */
export const paypalId = () => Array.from(randomBytes(17), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[b % 36]).join('');

/** The purchase units of a create-order body (`order_request`: intent and purchase_units required), or why PayPal refuses it. */
export function purchaseUnits(body: unknown): Unit[] | Refusal {
  const request = (body ?? {}) as { intent?: unknown; purchase_units?: unknown };
  if (request.intent === undefined) return new Refusal(400, 'MISSING_REQUIRED_PARAMETER', '/intent');
  // AUTHORIZE is valid at PayPal, but the product captures: an authorization here would be a bug to show.
  if (request.intent !== 'CAPTURE') return new Refusal(400, 'INVALID_PARAMETER_VALUE', '/intent');
  if (!Array.isArray(request.purchase_units) || request.purchase_units.length === 0) {
    return new Refusal(400, 'MISSING_REQUIRED_PARAMETER', '/purchase_units');
  }
  const units: Unit[] = [];
  for (const [i, raw] of (request.purchase_units as unknown[]).entries()) {
    const unit = (raw ?? {}) as { reference_id?: unknown; description?: unknown; amount?: { currency_code?: unknown; value?: unknown } };
    const at = `/purchase_units/${i}`;
    const { currency_code, value } = unit.amount ?? {};
    if (currency_code === undefined || value === undefined) return new Refusal(400, 'MISSING_REQUIRED_PARAMETER', `${at}/amount`);
    if (typeof currency_code !== 'string' || !CURRENCIES.includes(currency_code)) {
      return new Refusal(422, 'INVALID_CURRENCY_CODE', `${at}/amount/currency_code`);
    }
    // money.value: "type": "string", "maxLength": 32, "pattern": "^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$"
    if (typeof value !== 'string' || value.length > 32 || !/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/.test(value)) {
      return new Refusal(400, 'INVALID_PARAMETER_SYNTAX', `${at}/amount/value`);
    }
    if ((value.split('.')[1]?.length ?? 0) > (WHOLE.includes(currency_code) ? 0 : 2)) return new Refusal(422, 'DECIMAL_PRECISION', `${at}/amount/value`);
    if (Number(value) <= 0) return new Refusal(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', `${at}/amount/value`);
    // description: 1 to 127, "specified assuming a US ASCII character": other characters take more, so bytes are counted.
    const { description, reference_id } = unit;
    if (description !== undefined && (typeof description !== 'string' || !description || Buffer.byteLength(description) > 127)) {
      return new Refusal(400, 'INVALID_STRING_LENGTH', `${at}/description`);
    }
    if (reference_id !== undefined && (typeof reference_id !== 'string' || !reference_id || reference_id.length > 256)) {
      return new Refusal(400, 'INVALID_STRING_LENGTH', `${at}/reference_id`);
    }
    // "If you omit this value and the order contains only one purchase unit, PayPal sets this value to `default`."
    units.push({ reference_id: reference_id ?? 'default', ...(description ? { description } : {}), amount: { currency_code, value } });
  }
  return units;
}

/** The HATEOAS links of an order: `approve` is where the buyer approves it ("https://www.paypal.com/checkoutnow?token=..."). */
function links(order: Order, api: string) {
  const self = `${api}/v2/checkout/orders/${order.id}`;
  const open = order.status !== 'COMPLETED';
  return [
    { href: self, rel: 'self', method: 'GET' },
    ...(order.status === 'CREATED' ? [{ href: `${PAYPAL_WEB}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }] : []),
    ...(open
      ? [
          { href: self, rel: 'update', method: 'PATCH' },
          { href: `${self}/capture`, rel: 'capture', method: 'POST' },
        ]
      : []),
  ];
}

/** The complete representation (Show order details, or `Prefer: return=representation`). */
export function representation(order: Order, api: string) {
  const payer = { email_address: BUYER.email, name: { given_name: BUYER.givenName, surname: BUYER.surname } };
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(order.approved ? { payment_source: { paypal: { ...payer, account_id: BUYER.payerId } }, payer: { ...payer, payer_id: BUYER.payerId } } : {}),
    purchase_units: order.units.map(({ capture, ...unit }) => ({ ...unit, ...(capture ? { payments: { captures: [capture] } } : {}) })),
    create_time: order.createTime,
    update_time: order.updateTime,
    links: links(order, api),
  };
}

/**
 * `Prefer`: "return=minimal. ... A minimal response includes the id, status and HATEOAS links" (the default);
 * "return=representation. The server returns a complete resource representation".
 */
export function answer(c: Context, order: Order) {
  const api = new URL(c.req.url).origin;
  return c.req.header('prefer')?.split(',').includes('return=representation')
    ? representation(order, api)
    : { id: order.id, status: order.status, links: links(order, api) };
}
