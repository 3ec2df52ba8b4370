import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { jsonBody, refuse, Refusal } from './paypal-errors.ts';
import { answer, paypalId, purchaseUnits, representation, timestamp, type Money, type Order } from './paypal-orders.ts';
import { BUYER, checkoutPage, sdkSource } from './paypal-web.ts';
import { serve, type Served } from './serve.ts';

/*
 * PayPal written from PayPal's documentation, not from our stand-in (src/sandbox/paypal): if the product misreads
 * PayPal, these journeys fail instead of agreeing with themselves. Sources:
 * - "Get an access token": https://developer.paypal.com/api/rest/authentication/
 * - Orders v2 (paypal/paypal-rest-api-specifications, openapi/checkout_orders_v2.json; developer.paypal.com/docs/api/orders/v2/)
 * - "Idempotency": https://developer.paypal.com/reference/guidelines/idempotency
 * - The error object (name, message, debug_id, details[{ field, location, issue, description }], links), same spec.
 * Only intent CAPTURE with buyer approval through the JS SDK is modelled, which is what the product uses.
 */

export interface PaypalFake extends Served {
  /** Every REST call the server made, in order, with its PayPal-Request-Id and the status PayPal answered. */
  calls: Array<{ method: string; path: string; requestId: string | null; status: number }>;
  /** The buyer approves an order, as in PayPal's window. */
  approve(orderId: string): boolean;
  /** The next successful capture is carried out but its answer is lost (the connection drops). */
  loseNextCapture(): void;
  /** Forgets what was asked for and not yet done (lost answers, alterations). */
  reset(): void;
  /** Rewrites the answer to the next successful capture (another currency, status or reference), as a PayPal that misbehaves would. */
  alterNextCapture(change: (answer: CapturedOrder) => CapturedOrder): void;
}

/** The parts of a capture's answer that alterNextCapture changes. */
export interface CapturedOrder {
  id: string;
  status: string;
  purchase_units: Array<{
    reference_id?: string;
    payments: { captures: Array<{ id: string; status: string; amount: Money }> };
  }>;
}

/** Starts PayPal's REST API (OAuth token, Orders v2) and its web side (JS SDK, the buyer's approval window) for one REST app. */
export async function startPaypalFake(clientId: string, clientSecret: string): Promise<PaypalFake> {
  const orders = new Map<string, Order>();
  const tokens = new Set<string>();
  // PayPal-Request-Id of a call that succeeded -> its order: "PayPal returns the latest status of the previous request".
  const done = new Map<string, string>();
  const calls: PaypalFake['calls'] = [];
  let lostCaptures = 0;
  const alterations: Array<(answer: CapturedOrder) => CapturedOrder> = [];
  const app = new Hono();

  /** The buyer's approval: "The customer approved the payment through the PayPal wallet". */
  function approve(orderId: string): boolean {
    const order = orders.get(orderId);
    if (order?.status !== 'CREATED') return false;
    Object.assign(order, { status: 'APPROVED', approved: true, updateTime: timestamp() });
    return true;
  }

  // "-u client_id:secret -d grant_type=client_credentials": HTTP Basic with the app's credentials, a form body.
  app.post('/v1/oauth2/token', async (c) => {
    if (c.req.header('authorization') !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`) {
      return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401);
    }
    const form = c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(await c.req.text()) : null;
    if (form?.get('grant_type') !== 'client_credentials') return c.json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' }, 400);
    const token = `A21AA${randomBytes(48).toString('base64url')}`;
    tokens.add(token);
    // { "scope", "access_token", "token_type": "Bearer", "app_id", "expires_in": 31349, "nonce" }
    return c.json({
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/orders',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: `${timestamp()}${randomBytes(16).toString('base64url')}`,
    });
  });

  // "Include this bearer token in the Authorization header with the Bearer authentication scheme in REST API calls."
  app.use('/v2/*', async (c, next) => {
    const bearer = c.req.header('authorization')?.match(/^Bearer (\S+)$/)?.[1];
    if (!bearer || !tokens.has(bearer)) return refuse(c, new Refusal(401));
    const requestId = c.req.header('paypal-request-id');
    // PayPal-Request-Id: "minLength": 1, "maxLength": 108.
    if (requestId !== undefined && (requestId === '' || requestId.length > 108)) {
      return refuse(c, new Refusal(400, 'INVALID_STRING_LENGTH', 'PayPal-Request-Id', 'header'));
    }
    await next();
  });

  // Create order: "A successful request returns the HTTP 201 Created status code"; an idempotent repeat, 200 OK.
  app.post('/v2/checkout/orders', async (c) => {
    const key = c.req.header('paypal-request-id');
    const earlier = key === undefined ? undefined : orders.get(done.get(`create ${key}`) ?? '');
    if (earlier) return c.json(answer(c, earlier), 200);
    const body = await jsonBody(c);
    const units = body instanceof Refusal ? body : purchaseUnits(body);
    if (units instanceof Refusal) return refuse(c, units);
    const now = timestamp();
    const order: Order = { id: paypalId(), intent: 'CAPTURE', status: 'CREATED', units, approved: false, createTime: now, updateTime: now };
    orders.set(order.id, order);
    if (key !== undefined) done.set(`create ${key}`, order.id);
    return c.json(answer(c, order), 201);
  });

  app.get('/v2/checkout/orders/:id', (c) => {
    const order = orders.get(c.req.param('id'));
    return order ? c.json(representation(order, new URL(c.req.url).origin)) : refuse(c, new Refusal(404, 'INVALID_RESOURCE_ID'));
  });

  // Capture: "the buyer must first approve the order"; 201 Created, and "If a duplicate response is retried, returns the HTTP 200 OK".
  app.post('/v2/checkout/orders/:id/capture', async (c) => {
    const order = orders.get(c.req.param('id'));
    if (!order) return refuse(c, new Refusal(404, 'INVALID_RESOURCE_ID'));
    const key = c.req.header('paypal-request-id');
    if (key !== undefined && done.get(`capture ${key}`) === order.id) return c.json(answer(c, order), 200);
    const body = await jsonBody(c);
    if (body instanceof Refusal) return refuse(c, body);
    if (order.status === 'COMPLETED') return refuse(c, new Refusal(422, 'ORDER_ALREADY_CAPTURED'));
    if (order.status !== 'APPROVED') return refuse(c, new Refusal(422, 'ORDER_NOT_APPROVED'));
    const now = timestamp();
    for (const unit of order.units) {
      unit.capture = { id: paypalId(), status: 'COMPLETED', amount: unit.amount, final_capture: true, create_time: now, update_time: now };
    }
    Object.assign(order, { status: 'COMPLETED', updateTime: now });
    if (key !== undefined) done.set(`capture ${key}`, order.id);
    return c.json(answer(c, order), 201);
  });

  // The web side, reached through the browser's routes to www.sandbox.paypal.com.
  app.get('/sdk/js', (c) => {
    const components = (c.req.query('components') ?? 'buttons').split(',');
    const problem =
      c.req.query('client-id') !== clientId
        ? `Invalid query value for client-id: ${c.req.query('client-id')}`
        : !components.includes('buttons')
          ? 'Expected components to include buttons'
          : null;
    const headers = { 'content-type': 'application/javascript; charset=utf-8' };
    return problem ? c.body(`throw new Error(${JSON.stringify(`SDK Validation error: '${problem}'`)});`, 400, headers) : c.body(sdkSource(), 200, headers);
  });
  app.get('/checkoutnow', (c) => {
    const token = c.req.query('token') ?? '';
    const order = orders.get(token);
    const unit = order?.units[0];
    if (!order || !unit) return c.html(checkoutPage(token, 'This order does not exist.'));
    // The SDK was loaded for one intent and currency (its script's query); PayPal refuses an order made for others.
    const { intent, currency } = c.req.query();
    const problem =
      order.status !== 'CREATED'
        ? `This order is ${order.status} and cannot be approved again.`
        : intent !== order.intent.toLowerCase()
          ? `Expected intent from order api call to be ${intent}, got ${order.intent.toLowerCase()}.`
          : currency !== unit.amount.currency_code
            ? `Expected currency from order api call to be ${currency}, got ${unit.amount.currency_code}.`
            : null;
    return c.html(checkoutPage(token, problem ?? { description: unit.description ?? '', amount: unit.amount }));
  });
  app.post('/checkoutnow/approve', async (c) => {
    const { token } = (await c.req.json()) as { token: string };
    return approve(token) ? c.json({ orderID: token, payerID: BUYER.payerId }) : c.json({ message: 'This order cannot be approved.' }, 422);
  });

  const served = await serve(async (req) => {
    const res = await app.fetch(req);
    const path = new URL(req.url).pathname;
    if (/^\/v\d\//.test(path)) calls.push({ method: req.method, path, requestId: req.headers.get('paypal-request-id'), status: res.status });
    const captured = res.ok && path.endsWith('/capture');
    if (captured && lostCaptures > 0) {
      lostCaptures -= 1;
      return null;
    }
    const alter = captured ? alterations.shift() : undefined;
    return alter ? Response.json(alter((await res.json()) as CapturedOrder), { status: res.status, headers: res.headers }) : res;
  });
  return {
    ...served,
    calls,
    approve,
    loseNextCapture() {
      lostCaptures += 1;
    },
    reset() {
      lostCaptures = 0;
      alterations.length = 0;
    },
    alterNextCapture: (change) => void alterations.push(change),
  };
}
