import { loadScript, type PayPalNamespace } from '@paypal/paypal-js';
import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import type { Subscription } from '../../api/users.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { PAYPAL_LOCALE } from '../../i18n/locales.ts';
import { publicConfig } from '../firebase.ts';
import { pageLanguage } from '../page-language.ts';
import { $session, idToken, setProfile } from '../session.ts';

/** One plan card at a time is in purchase mode: asking to sign in, loading PayPal, paying, confirming, done or failed. */
export interface CheckoutState {
  planId: string | null;
  phase: 'idle' | 'signin' | 'loading' | 'ready' | 'capturing' | 'done' | 'error';
  error: ErrorKey<'paypalSdk' | 'checkoutOrder' | 'checkoutCapture'> | null;
  subscription: Subscription | null;
  /**
   * An approved order whose capture failed in a way PayPal may still have charged (no answer, PayPal or the network
   * failing): "Try again" captures this same order, which the server never charges twice, instead of a new one.
   */
  approvedOrder: string | null;
}

const IDLE: CheckoutState = { planId: null, phase: 'idle', error: null, subscription: null, approvedOrder: null };
export const $checkout = atom<CheckoutState>(IDLE);

const patch = (next: Partial<CheckoutState>) => $checkout.set({ ...$checkout.get(), ...next });

let sdk: Promise<PayPalNamespace> | null = null;

/** The PayPal JS SDK through @paypal/paypal-js: PayPal's own, or the stand-in's at sdkBaseUrl. */
export function loadPaypal(): Promise<PayPalNamespace> {
  sdk ??= publicConfig().then(async ({ paypal }) => {
    const namespace = await loadScript({
      clientId: paypal.clientId,
      currency: 'USD',
      intent: 'capture',
      components: 'buttons',
      locale: PAYPAL_LOCALE[pageLanguage()],
      environment: paypal.environment,
      ...(paypal.sdkBaseUrl ? { sdkBaseUrl: new URL(paypal.sdkBaseUrl, window.location.href).href } : {}),
    });
    if (!namespace?.Buttons) throw new Error('The PayPal SDK loaded without Buttons');
    return namespace;
  });
  sdk.catch(() => {
    sdk = null;
  });
  return sdk;
}

/** "Adquirir": a visitor is asked to sign in first; a signed-in user gets the PayPal buttons. */
export function startPurchase(planId: string): void {
  const session = $session.get();
  $checkout.set({ ...IDLE, planId, phase: session.firebaseUser ? 'loading' : 'signin' });
}

/** "Cancelar", and a cancelled approval: the card returns to normal. */
export function cancelPurchase(): void {
  $checkout.set(IDLE);
}

export function paypalReady(): void {
  if ($checkout.get().phase === 'loading') patch({ phase: 'ready' });
}

export function paypalUnavailable(err: unknown): void {
  console.error('PayPal SDK failed to load', err);
  patch({ phase: 'error', error: errorKey('paypalSdk', err) });
}

/** PayPal's createOrder: our server creates the order at the plan's price and answers its id. */
export async function createOrder(planId: string): Promise<string> {
  try {
    return (await answer(client.payments.orders.$post({ json: { planId } }, auth(await idToken())))).id;
  } catch (err) {
    patch({ phase: 'error', error: errorKey('checkoutOrder', err) });
    throw err;
  }
}

/** PayPal's onApprove: our server captures and adds the subscription; then the session shows the new record. */
export async function approveOrder(orderId: string): Promise<void> {
  patch({ phase: 'capturing', error: null });
  try {
    const result = await answer(client.payments.orders[':orderId'].capture.$post({ param: { orderId: enc(orderId) } }, auth(await idToken())));
    setProfile(result.user);
    patch({ phase: 'done', subscription: result.subscription });
  } catch (err) {
    const uncertain = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
    patch({ phase: 'error', error: errorKey('checkoutCapture', err), approvedOrder: uncertain ? orderId : null });
  }
}

/** PayPal's onCancel: only logged, and the card goes back to normal. */
export function approvalCancelled(orderId: string | undefined): void {
  console.info('PayPal approval cancelled', orderId);
  cancelPurchase();
}

/** PayPal's onError, when we have not already said what went wrong. */
export function paypalFailed(err: unknown): void {
  console.error('PayPal reported an error', err);
  if ($checkout.get().phase !== 'error') patch({ phase: 'error', error: 'checkout.error.capture' });
}

/** "Try again" after a failure: the same approved order captured again, or else back to the PayPal buttons. */
export function retryPurchase(): void {
  const { planId, approvedOrder } = $checkout.get();
  if (approvedOrder) void approveOrder(approvedOrder);
  else if (planId) startPurchase(planId);
}
