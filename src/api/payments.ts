import { createRoute, z } from '@hono/zod-openapi';
import { bearer, dbString, ErrorBody, errors, json, jsonBody } from './shared.ts';
import { Subscription, User } from './users.ts';

/** The contract of /payments: a PayPal order for a plan at our price, and its capture into a subscription. */

/** POST /payments/orders: the plan to buy; the price always comes from our database. */
const PaymentOrderRequest = z.strictObject({ planId: dbString().min(1).max(128) });

const PaymentOrder = z.object({ id: z.string(), status: z.string() }).meta({ id: 'PaymentOrder' });

/** A captured order: the subscription it added and the buyer's record as it now stands. */
const PaymentCapture = z
  .object({ orderId: z.string(), status: z.literal('COMPLETED'), subscription: Subscription.nullable(), user: User })
  .meta({ id: 'PaymentCapture' });

const gateway = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });
const paypalErrors = { 502: gateway('PayPal answered an error'), 504: gateway('PayPal did not answer in time') } as const;

const orderIdParam = z.object({ orderId: dbString().min(1).max(64) });

export const createOrder = createRoute({
  method: 'post',
  path: '/payments/orders',
  security: bearer,
  request: { body: jsonBody(PaymentOrderRequest) },
  responses: {
    201: json(PaymentOrder, 'Created'),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    502: paypalErrors[502],
    504: paypalErrors[504],
  },
});

export const captureOrder = createRoute({
  method: 'post',
  path: '/payments/orders/{orderId}/capture',
  security: bearer,
  request: { params: orderIdParam },
  responses: {
    200: json(PaymentCapture),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    409: errors[409],
    502: paypalErrors[502],
    504: paypalErrors[504],
  },
});
