import { describe, expect, it } from 'vitest';
import { useApi, typedClient } from '../support.ts';

/** The PayPal stand-in's idempotency, as the capture route meets it. */
describe('capturing an order the buyer approves after a first, refused capture', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('succeeds: only a successful reply is replayed for a repeated PayPal-Request-Id', async () => {
    const created = await reply(as('learner').payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }));
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const early = await reply(as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }));
    expect(early).toMatchObject({ status: 409, json: { error: 'payment_not_approved' } });
    expect(api().deps.paypalStandIn!.approve(id)).toBe(true);
    const captured = await reply(as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }));
    expect(captured).toMatchObject({ status: 200, json: { orderId: id, status: 'COMPLETED', subscription: { product_id: 'plan-fetoscopy' } } });
    // The completed capture is replayed as it was: PayPal charges once.
    const paypal = api().deps.paypal;
    expect((await paypal.captureOrder(id, `capture-${id}`)).status).toBe('COMPLETED');
  });
});
