import type { Config } from '../config.ts';

/** PayPal's REST API, as far as we use it: an OAuth token, creating an order, capturing it and reading it back. */

export interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: Array<{
    reference_id?: string;
    amount?: PaypalAmount;
    payments?: { captures?: Array<{ id: string; status: string; amount: PaypalAmount }> };
  }>;
}

/** A PayPal call that failed: `timeout` (no answer in time), `network`, or `http` with PayPal's status and issue. */
export class PaypalError extends Error {
  readonly kind: 'timeout' | 'network' | 'http';
  readonly status: number;
  readonly issue: string | null;
  constructor(kind: PaypalError['kind'], message: string, status = 0, issue: string | null = null) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.issue = issue;
  }
}

export interface PaypalClient {
  createOrder(input: { amount: string; description: string; referenceId: string; requestId: string }): Promise<PaypalOrder>;
  captureOrder(id: string, requestId: string): Promise<PaypalOrder>;
  getOrder(id: string): Promise<PaypalOrder>;
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A client for `baseUrl`; every call gives up after `timeoutMs`. The token is kept until shortly before it expires. */
export function paypalClient(opts: { baseUrl: string; clientId: string; clientSecret: string; timeoutMs: number; fetch?: Fetch }): PaypalClient {
  const doFetch: Fetch = opts.fetch ?? ((url, init) => fetch(url, init));
  let token: { value: string; until: number } | null = null;

  async function send(path: string, init: RequestInit): Promise<unknown> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new PaypalError('timeout', `PayPal did not answer ${path} within ${opts.timeoutMs} ms`));
      }, opts.timeoutMs);
    });
    try {
      // A call whose connection failed is sent once more, within the same time limit: the answer to a capture PayPal
      // made may have been lost on the way, or a kept-alive connection the other side had just closed failed before
      // sending (seen on a loaded machine). Every call here is safe to repeat: the token, GET, and create and capture
      // under their PayPal-Request-Id, which answers the order or capture PayPal made instead of making a second.
      const attempt = () => doFetch(`${opts.baseUrl}${path}`, { ...init, signal: controller.signal });
      const res = await Promise.race([
        attempt()
          .catch((err: unknown) => (controller.signal.aborted ? Promise.reject(err) : attempt()))
          .catch((err: unknown) => {
            throw err instanceof PaypalError ? err : new PaypalError('network', `PayPal could not be reached: ${String(err)}`);
          }),
        timeout,
      ]);
      const body: unknown = await Promise.race([res.json().catch(() => null), timeout]);
      if (!res.ok) {
        const detail = body as { name?: string; details?: Array<{ issue?: string }> } | null;
        const issue = detail?.details?.[0]?.issue ?? detail?.name ?? null;
        throw new PaypalError('http', `PayPal answered ${res.status}${issue ? ` ${issue}` : ''} to ${path}`, res.status, issue);
      }
      return body;
    } finally {
      clearTimeout(timer);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const body = (await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })) as { access_token: string; expires_in: number };
    token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 120) * 1000 };
    return token.value;
  }

  async function authed(path: string, method: string, requestId?: string, payload?: unknown): Promise<PaypalOrder> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    return (await send(path, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) })) as PaypalOrder;
  }

  return {
    createOrder: ({ amount, description, referenceId, requestId }) =>
      authed('/v2/checkout/orders', 'POST', requestId, {
        intent: 'CAPTURE',
        purchase_units: [{ reference_id: referenceId, description, amount: { currency_code: 'USD', value: amount } }],
      }),
    captureOrder: (id, requestId) => authed(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, 'POST', requestId, {}),
    getOrder: (id) => authed(`/v2/checkout/orders/${encodeURIComponent(id)}`, 'GET'),
  };
}

/** The REST base URL for the configuration: PayPal's (or PAYPAL_API_URL) when credentials are set, else null (the stand-in). */
export function paypalBaseUrl(config: Pick<Config, 'paypal'>): string | null {
  return config.paypal.clientId && config.paypal.clientSecret ? config.paypal.apiUrl : null;
}
