import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { useT } from '../../i18n/index.ts';
import { fromPaypalLocale } from '../../i18n/locales.ts';
import { sdkSource } from './sdk.ts';

/** One order as the stand-in keeps it, in PayPal's shape. */
interface StandInOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  purchase_units: Array<{ reference_id: string; description?: string; amount: { currency_code: string; value: string } }>;
  capture?: object;
}

/** Which REST call a misbehaviour applies to. */
export type Call = 'token' | 'create' | 'capture';

/**
 * How the next such call should misbehave, for tests: an error, no answer, a capture of another amount, or a call
 * carried out whose answer never arrives (the connection drops after PayPal acted).
 */
export type Misbehaviour = { on: Call } & ({ kind: 'error'; status?: number } | { kind: 'timeout' } | { kind: 'amount'; value: string } | { kind: 'lost' });

/** Marks an answer to be dropped on its way back: the in-process fetch fails as a dropped connection does, a server serving the app closes the socket. */
export const LOST_ANSWER = 'x-standin-lost-answer';

function callOf(method: string, path: string): Call | null {
  if (path.endsWith('/oauth2/token')) return 'token';
  if (method === 'POST' && path.endsWith('/capture')) return 'capture';
  if (method === 'POST' && path.endsWith('/checkout/orders')) return 'create';
  return null;
}

const TOKEN = 'standin-access-token';

function issue(c: Context<any>, status: 401 | 404 | 422 | 500, name: string, issueName: string) {
  return c.json({ name, message: issueName, details: [{ issue: issueName }] }, status);
}

/** The stand-in's REST calls' context: a capture of another amount asked by a test. */
type Env = { Variables: { amount: string | undefined } };

/**
 * The misbehaviour asked for this call, if any: no answer, an error, a capture of another amount, or an answer lost
 * on its way back; then every call but the token's needs the token.
 */
function misbehaving(pending: Misbehaviour[]): MiddlewareHandler<Env> {
  return async (c, next) => {
    const call = callOf(c.req.method, c.req.path);
    const at = pending.findIndex((m) => m.on === call);
    const failure = at >= 0 ? pending.splice(at, 1)[0] : undefined;
    if (failure?.kind === 'timeout') {
      // No answer until the caller gives up (or a minute passes).
      await new Promise<void>((resolve) => {
        c.req.raw.signal.addEventListener('abort', () => resolve());
        setTimeout(resolve, 60_000).unref();
      });
      return c.body(null, 504);
    }
    if (failure?.kind === 'error') return issue(c, (failure.status ?? 500) as 500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR');
    if (failure?.kind === 'amount') c.set('amount', failure.value);
    if (!c.req.path.endsWith('/oauth2/token') && c.req.header('authorization') !== `Bearer ${TOKEN}`) {
      return issue(c, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');
    }
    await next();
    if (failure?.kind === 'lost') c.res.headers.set(LOST_ANSWER, '1');
  };
}

/** A new order from a create request's body, or null when PayPal would refuse the body. */
function newOrder(body: Partial<StandInOrder> | null): StandInOrder | null {
  const unit = body?.purchase_units?.[0];
  if (body?.intent !== 'CAPTURE' || !unit || !/^\d+\.\d{2}$/.test(unit.amount?.value ?? '')) {
    return null;
  }
  return {
    id: `SB${crypto.randomUUID().replaceAll('-', '').slice(0, 15).toUpperCase()}`,
    status: 'CREATED',
    intent: body.intent,
    purchase_units: [unit],
  };
}

/** Completes an approved order: its capture, in PayPal's shape, of the order's amount or the one a test asked. */
function completeOrder(order: StandInOrder, value: string | undefined): void {
  const unit = order.purchase_units[0]!;
  const amount = { currency_code: unit.amount.currency_code, value: value ?? unit.amount.value };
  order.status = 'COMPLETED';
  order.capture = {
    id: order.id,
    status: 'COMPLETED',
    purchase_units: [{ reference_id: unit.reference_id, payments: { captures: [{ id: `CAP${order.id}`, status: 'COMPLETED', amount }] } }],
    payer: { payer_id: 'STANDINBUYER', email_address: 'buyer@sandbox.invalid' },
  };
}

/**
 * A local PayPal: the REST paths the server calls (/v1/oauth2/token, /v2/checkout/orders, .../capture, with
 * PayPal-Request-Id idempotency), the approval a buyer gives, and a JS SDK for @paypal/paypal-js's sdkBaseUrl.
 * Orders live in memory: it is only for the local default and tests, never when real credentials are set.
 */
export function createPaypalStandIn() {
  const orders = new Map<string, StandInOrder>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const pending: Misbehaviour[] = [];

  /**
   * Answers the same reply to a repeated PayPal-Request-Id, as PayPal does for a call that succeeded. A refusal
   * (a capture before the buyer approved) is not kept: the same request must succeed once the order is approved.
   */
  async function idempotent(c: Context<any>, scope: string, run: () => Promise<Response>): Promise<Response> {
    const key = c.req.header('paypal-request-id');
    const cached = key ? replies.get(`${scope}:${key}`) : undefined;
    if (cached) return c.json(cached.body as object, cached.status as 200);
    const res = await run();
    if (key && res.ok) replies.set(`${scope}:${key}`, { status: res.status, body: await res.clone().json() });
    return res;
  }

  const app = new Hono<Env>()
    .use('/v*', misbehaving(pending))
    .post('/v1/oauth2/token', (c) => {
      if (!c.req.header('authorization')?.startsWith('Basic ')) return issue(c, 401, 'AUTHENTICATION_FAILURE', 'invalid_client');
      return c.json({ scope: 'https://uri.paypal.com/services/payments', access_token: TOKEN, token_type: 'Bearer', expires_in: 32400 });
    })
    .post('/v2/checkout/orders', (c) =>
      idempotent(c, 'create', async () => {
        const body = (await c.req.json().catch(() => null)) as Partial<StandInOrder> | null;
        const order = newOrder(body);
        if (!order) return issue(c, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE');
        orders.set(order.id, order);
        return c.json({ id: order.id, status: order.status, links: [{ rel: 'approve', href: `approve/${order.id}`, method: 'GET' }] }, 201);
      }),
    )
    .get('/v2/checkout/orders/:id', (c) => {
      const order = orders.get(c.req.param('id'));
      if (!order) return issue(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      return c.json(order.capture ?? { id: order.id, status: order.status, purchase_units: order.purchase_units });
    })
    .post('/v2/checkout/orders/:id/capture', (c) =>
      idempotent(c, 'capture', async () => {
        const order = orders.get(c.req.param('id'));
        if (!order) return issue(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (order.status === 'COMPLETED') return issue(c, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        if (order.status !== 'APPROVED') return issue(c, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        completeOrder(order, c.get('amount'));
        return c.json(order.capture, 201);
      }),
    )
    // The buyer's approval, which on PayPal happens in PayPal's own window; the stand-in SDK calls it on "Pay now".
    .post('/approve/:id', (c) => {
      const order = orders.get(c.req.param('id'));
      if (!order) return issue(c, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (order.status === 'CREATED') order.status = 'APPROVED';
      return c.json({ id: order.id, status: order.status });
    })
    // In the language the page asked for (?locale=ar_EG, as PayPal's own SDK is asked): the buyer reads the page's words.
    .get('/sdk/js', (c) => {
      const t = useT(fromPaypalLocale(c.req.query('locale')));
      const texts = { title: t('paypalStandIn.title'), text: t('paypalStandIn.text'), pay: t('paypalStandIn.pay'), cancel: t('paypalStandIn.cancel') };
      return c.body(sdkSource(texts), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    });

  return {
    app,
    /** fetch() for the server's PayPal client: the stand-in answers in process, with no network. */
    fetch: async (url: string, init?: RequestInit) => {
      const res = await app.request(new URL(url).pathname, init);
      if (res.headers.has(LOST_ANSWER)) throw new TypeError('fetch failed: the connection closed before the answer arrived');
      return res;
    },
    /** What the buyer's "Pay now" does. */
    approve(id: string) {
      const order = orders.get(id);
      if (order?.status === 'CREATED') order.status = 'APPROVED';
      return order !== undefined;
    },
    /** Makes the next REST call misbehave (tests). */
    misbehave(next: Misbehaviour) {
      pending.push(next);
    },
    reset() {
      pending.length = 0;
    },
  };
}

export type PaypalStandIn = ReturnType<typeof createPaypalStandIn>;
