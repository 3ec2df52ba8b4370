/** What the payments area offers the start-up: the PayPal REST client, real or the stand-in's. */
export { paypalBaseUrl, paypalClient, type PaypalClient } from './paypal.ts';
