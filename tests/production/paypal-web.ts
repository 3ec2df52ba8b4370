/*
 * PayPal's browser side for the fake: the JS SDK's Buttons and the window where the buyer approves. As the JS SDK
 * reference describes it (developer.paypal.com/sdk/js/reference/): a click on the button opens PayPal's window, calls
 * `createOrder(data, actions)`, which must answer the order's ID, and shows that order to the buyer; their approval
 * closes the window and calls `onApprove(data, actions)` with `{ orderID, payerID, ... }`; closing the window or
 * cancelling calls `onCancel({ orderID })`; anything that goes wrong calls `onError(err)`.
 */

/** The sandbox web host (the SDK's and the approve link's); the journeys route it to the fake. */
export const PAYPAL_WEB = 'https://www.sandbox.paypal.com';

/** The sandbox buyer who approves every order (payer_id: 13 characters of ^[2-9A-HJ-NP-Z]{13}$). */
export const BUYER = { payerId: 'B7QX2NPZ4HK9M', email: 'sb-buyer@personal.example.com', givenName: 'Sandbox', surname: 'Buyer' };

/** What the approval window tells the SDK's page, through postMessage. */
interface CheckoutMessage {
  paypalCheckout: 'approve' | 'cancel' | 'error';
  orderID: string;
  payerID?: string;
  message?: string;
}

/** The SDK, run in the merchant's page from `${PAYPAL_WEB}/sdk/js?client-id=...`. Serialised: it may use nothing from outside. */
function paypalSdk(): void {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) throw new Error('The PayPal SDK must be loaded by a script element');
  const sdk = new URL(script.src);
  const web = sdk.origin;
  const checkoutQuery = { currency: sdk.searchParams.get('currency') ?? 'USD', intent: sdk.searchParams.get('intent') ?? 'capture' };

  interface ButtonsOptions {
    createOrder(data: { paymentSource: string }): string | Promise<string>;
    onApprove(data: { orderID: string; payerID: string | null; paymentID: null; billingToken: null; paymentSource: string }): unknown;
    onCancel?(data: { orderID?: string }): void;
    onError?(err: Error): void;
  }

  function checkout(options: ButtonsOptions, button: HTMLButtonElement): void {
    // PayPal opens its window within the click, before the order exists, so that no popup blocker stops it.
    const popup = window.open('', 'paypal-checkout', 'popup,width=450,height=640');
    if (!popup) {
      options.onError?.(new Error('The PayPal window could not be opened'));
      return;
    }
    button.disabled = true;
    let orderID: string | undefined;
    let over = false;
    const finish = (): boolean => {
      if (over) return false;
      over = true;
      clearInterval(watch);
      window.removeEventListener('message', listen);
      button.disabled = false;
      if (!popup.closed) popup.close();
      return true;
    };
    const fail = (err: unknown) => {
      finish();
      options.onError?.(err instanceof Error ? err : new Error(String(err)));
    };
    function listen(event: MessageEvent<CheckoutMessage>): void {
      if (event.source !== popup || event.origin !== web || !orderID || event.data.orderID !== orderID || !finish()) return;
      const id = orderID;
      if (event.data.paypalCheckout === 'approve') {
        const data = { orderID: id, payerID: event.data.payerID ?? null, paymentID: null, billingToken: null, paymentSource: 'paypal' };
        Promise.resolve()
          .then(() => options.onApprove(data))
          .catch(fail);
      } else if (event.data.paypalCheckout === 'cancel') options.onCancel?.({ orderID: id });
      else fail(new Error(event.data.message ?? 'PayPal could not complete the payment'));
    }
    // A buyer who closes the window has cancelled; the grace lets a message sent just before closing arrive first.
    const watch = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(watch);
      setTimeout(() => finish() && options.onCancel?.({ orderID }), 1000);
    }, 250);
    window.addEventListener('message', listen);
    Promise.resolve()
      .then(() => options.createOrder({ paymentSource: 'paypal' }))
      .then((id) => {
        if (typeof id !== 'string' || !id) throw new Error('Expected an order id to be passed');
        orderID = id;
        if (!over) popup.location.href = `${web}/checkoutnow?${new URLSearchParams({ token: id, ...checkoutQuery })}`;
      })
      .catch(fail);
  }

  function Buttons(options: ButtonsOptions) {
    let container: HTMLElement | null = null;
    return {
      isEligible: () => true,
      render(target: string | HTMLElement): Promise<void> {
        container = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        if (!container) return Promise.reject(new Error(`Document is ready and element ${String(target)} does not exist`));
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        Object.assign(button.style, {
          inlineSize: '100%',
          padding: '0.6rem',
          borderRadius: '4px',
          border: '0',
          background: '#ffc439',
          color: '#111',
          font: 'inherit',
          fontWeight: '700',
        });
        button.addEventListener('click', () => checkout(options, button));
        container.replaceChildren(button);
        return Promise.resolve();
      },
      close(): Promise<void> {
        container?.replaceChildren();
        container = null;
        return Promise.resolve();
      },
    };
  }

  Object.assign(window, { paypal: { Buttons, FUNDING: { PAYPAL: 'paypal' }, version: '5.0.0-fake' } });
}

/** The SDK's source, as /sdk/js serves it. */
export const sdkSource = () => `(${paypalSdk.toString()})();\n`;

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const json = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * PayPal's approval window for one order (the `approve` link, /checkoutnow?token=ID): the order as the buyer sees it,
 * "Pay Now" and "Cancel". Its answer goes to the SDK's page (window.opener) and the window closes. A problem is shown
 * and sent to the SDK as an error.
 */
export function checkoutPage(token: string, order: string | { description: string; amount: { currency_code: string; value: string } }): string {
  const tell = (message: Omit<CheckoutMessage, 'orderID'>) => json({ ...message, orderID: token });
  const body =
    typeof order === 'string'
      ? `<p role="alert">${escape(order)}</p><script>send(${tell({ paypalCheckout: 'error', message: order })});</script>`
      : `<p>Paying as ${escape(BUYER.email)}</p>
<section aria-label="Your order"><p>${escape(order.description)}</p><p>${escape(`${order.amount.value} ${order.amount.currency_code}`)}</p></section>
<button type="button" id="pay">Pay Now</button> <button type="button" id="cancel">Cancel and return to the store</button>
<script>
document.getElementById('cancel').onclick = () => send(${tell({ paypalCheckout: 'cancel' })});
document.getElementById('pay').onclick = async (event) => {
  event.target.disabled = true;
  const res = await fetch('/checkoutnow/approve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: ${json(token)} }) });
  const answer = await res.json();
  send(res.ok ? { paypalCheckout: 'approve', orderID: answer.orderID, payerID: answer.payerID } : ${tell({ paypalCheckout: 'error', message: 'The approval failed' })});
};
</script>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PayPal Checkout</title>
<script>function send(message) { if (window.opener) window.opener.postMessage(message, '*'); window.close(); }</script></head>
<body><main><h1>PayPal</h1>${body}</main></body></html>`;
}
