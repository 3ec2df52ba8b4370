import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';

/*
 * PayPal's error answers, from the Orders v2 spec (paypal/paypal-rest-api-specifications, openapi/checkout_orders_v2.json):
 * { name, message, debug_id, details: [{ field, location, issue, description }], links }, "name", "message" and
 * "debug_id" required, details "Required for client-side 4XX errors".
 */

// "name" and "message" of error_400, error_401, error_404 and error_422 in the spec, word for word.
const ERRORS = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  401: ['AUTHENTICATION_FAILURE', 'Authentication failed due to missing authorization header, or invalid authentication credentials.'],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  422: ['UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.'],
} as const;

// The issues' descriptions from the spec's 400, 404, 422 and orders.capture-422 schemas.
const ISSUES = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required parameter is missing.',
  INVALID_PARAMETER_VALUE: 'A parameter value is not valid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long',
  INVALID_CURRENCY_CODE:
    'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_ZERO_OR_NEGATIVE: 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
} as const;

type Issue = keyof typeof ISSUES;

/** Why PayPal refuses a call: the HTTP status, and the issue with the field it is about (a JSON pointer, or a header's name). */
export class Refusal {
  readonly status: keyof typeof ERRORS;
  readonly issue?: Issue;
  readonly field?: string;
  readonly location: 'body' | 'header';
  constructor(status: keyof typeof ERRORS, issue?: Issue, field?: string, location: 'body' | 'header' = 'body') {
    this.status = status;
    this.issue = issue;
    this.field = field;
    this.location = location;
  }
}

/** An error answer in PayPal's shape, with its `PayPal-Debug-Id` header. */
export function refuse(c: Context, refusal: Refusal) {
  const [name, message] = ERRORS[refusal.status];
  const debugId = randomBytes(7).toString('hex').slice(0, 13);
  const { issue, field, location } = refusal;
  const details = issue ? [{ ...(field ? { field, location } : {}), issue, description: ISSUES[issue] }] : undefined;
  const link = `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue ?? name}`;
  return c.json({ name, message, debug_id: debugId, details, links: [{ href: link, rel: 'information_link', method: 'GET' }] }, refusal.status, {
    'paypal-debug-id': debugId,
  });
}

/** A JSON request body ("Content-Type: application/json"); an absent body is `undefined`. */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text === '') return undefined;
  if (c.req.header('content-type')?.split(';')[0]?.trim() !== 'application/json') return new Refusal(400, 'MALFORMED_REQUEST_JSON');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new Refusal(400, 'MALFORMED_REQUEST_JSON');
  }
}
