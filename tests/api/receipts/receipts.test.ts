import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../src/api/receipts.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { orders, plans, users } from '../../../src/server/db/schema.ts';
import { receiptPdf } from '../../../src/server/receipts/receipt-pdf.ts';
import type { TestApi } from '../harness.ts';
import { pdfText } from '../learning-support.ts';
import { ARABIC, lineOf } from '../pdf-lines.ts';
import { buyPlan, expectRawRefused, expectRefused, useApi, typedClient } from '../support.ts';

const api = useApi({ SELLER_NAME: 'Fetal Surgery Academy S.L.', SELLER_ADDRESS: 'Calle Mayor 1, 28013 Madrid, Spain', SELLER_TAX_ID: 'ESB12345678' });
const { as, reply } = typedClient(api);
beforeEach(() => api().deps.paypalStandIn!.reset());

const buy = (as?: string, planId?: string) => buyPlan(api(), as, planId);

async function pdf(app: TestApi, id: string, as: string, lang = 'en') {
  const bearer = (app.tokens as Record<string, string>)[as] ?? as;
  const res = await app.app.request(`/api/receipts/${id}/pdf?lang=${lang}`, { headers: { authorization: `Bearer ${bearer}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

describe('receipts', () => {
  it('exist for every captured payment, with seller, buyer, plan, amount, currency, PayPal order id and date, newest first', async () => {
    await api().deps.db.db.update(users).set({ name: 'Lea Learner' }).where(eq(users.id, 'learner'));
    const first = await buy();
    const second = await buy('learner', 'plan-complete');
    const uncaptured = (await reply(as('learner').payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }))).json.id;
    const res = await reply(as('learner').receipts.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.json.map((r: { orderId: string }) => r.orderId)).toEqual([second, first]);
    expect(res.json.map((r: { orderId: string }) => r.orderId)).not.toContain(uncaptured);
    expect(res.json[1]).toEqual({
      orderId: first,
      invoiceNumber: res.json[0]!.invoiceNumber! - 1,
      kind: 'purchase',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      seller: { name: 'Fetal Surgery Academy S.L.', address: 'Calle Mayor 1, 28013 Madrid, Spain', taxId: 'ESB12345678' },
      buyer: { name: 'Lea Learner', email: 'learner@example.com', address: '', taxId: '' },
      plan: { id: 'plan-fetoscopy', title: 'Fetoscopy' },
      amount: 199,
      currency: 'USD',
      tax: 0,
      paidUntil: expect.stringMatching(/^\d{4}-/),
    });
    expect((await reply(as('learner').receipts[':orderId'].$get({ param: { orderId: first }, query: {} }))).json).toEqual(res.json[1]);
    expect((await reply(as('other').receipts.$get({ query: {} }))).json).toEqual([]);
  });

  it('keep what was true at payment after the plan is renamed and the profile changes', async () => {
    const id = await buy();
    await api().deps.db.db.update(plans).set({ title: 'Renamed' }).where(eq(plans.id, 'plan-fetoscopy'));
    await api().deps.db.db.update(users).set({ name: 'New Name' }).where(eq(users.id, 'learner'));
    expect((await reply(as('learner').receipts[':orderId'].$get({ param: { orderId: id }, query: {} }))).json).toMatchObject({
      plan: { title: 'Fetoscopy' },
      buyer: { name: 'Lea Learner' },
    });
  });

  it('name the plan in the language asked for, when the plan had a title in it at payment', async () => {
    await api()
      .deps.db.db.update(plans)
      .set({ translations: { es: { title: 'Fetoscopia' } } })
      .where(eq(plans.id, 'plan-fetoscopy'));
    const id = await buy();
    expect((await reply(as('learner').receipts[':orderId'].$get({ param: { orderId: id }, query: { lang: 'es' } }))).json.plan.title).toBe('Fetoscopia');
    expect((await reply(as('learner').receipts.$get({ query: { lang: 'fr' } }))).json[0]!.plan.title).toBe('Fetoscopy');
  });

  it('are written in the language Accept-Language asks for when ?lang= names none, as every document the server writes', async () => {
    await api()
      .deps.db.db.update(plans)
      .set({ translations: { es: { title: 'Fetoscopia' } } })
      .where(eq(plans.id, 'plan-fetoscopy'));
    const id = await buy();
    const headers = { authorization: `Bearer ${api().tokens.learner}`, 'accept-language': 'es-ES,es;q=0.9' };
    const json = await api().app.request(`/api/receipts/${id}`, { headers });
    expect(json.headers.get('content-language')).toBe('es');
    expect(((await json.json()) as { plan: { title: string } }).plan.title).toBe('Fetoscopia');
    const list = await api().app.request('/api/receipts', { headers });
    expect(((await list.json()) as Array<{ plan: { title: string } }>)[0]!.plan.title).toBe('Fetoscopia');
    const res = await api().app.request(`/api/receipts/${id}/pdf`, { headers });
    expect(res.headers.get('content-language')).toBe('es');
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Recibo');
    expect(text).toContain('Fetoscopia');
  });

  it('say when an extension gave access until', async () => {
    await buy();
    const id = await buy();
    const sub = (await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json.subscriptions[0]!;
    expect((await reply(as('learner').receipts[':orderId'].$get({ param: { orderId: id }, query: {} }))).json.paidUntil).toBe(
      new Date(sub.next_billing_time.seconds * 1000 + sub.next_billing_time.nanoseconds / 1e6).toISOString(),
    );
  });

  it('are read by the buyer and administrators only', async () => {
    const id = await buy();
    expect((await reply(as('admin').receipts[':orderId'].$get({ param: { orderId: id }, query: {} }))).status).toBe(200);
    expect((await reply(as('admin').receipts.$get({ query: { userId: 'learner' } }))).json).toHaveLength(1);
    await expectRefused(api(), (a) => a.as('other').receipts[':orderId'].$get({ param: { orderId: id }, query: {} }), 403);
    await expectRefused(api(), (a) => a.as(null).receipts[':orderId'].$get({ param: { orderId: id }, query: {} }), 401);
    await expectRefused(api(), (a) => a.as('other').receipts.$get({ query: { userId: 'learner' } }), 403);
    await expectRefused(api(), (a) => a.as(null).receipts.$get({ query: {} }), 401);
    await expectRefused(api(), (a) => a.as('other').receipts[':orderId'].pdf.$get({ param: { orderId: id }, query: {} }), 403);
    await expectRefused(api(), (a) => a.as(null).receipts[':orderId'].pdf.$get({ param: { orderId: id }, query: {} }), 401);
  });

  it('refuse unknown, uncaptured and malformed orders and unknown languages', async () => {
    const uncaptured = (await reply(as('learner').payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }))).json.id;
    await expectRefused(api(), (a) => a.as('learner').receipts[':orderId'].$get({ param: { orderId: uncaptured }, query: {} }), 404);
    await expectRefused(api(), (a) => a.as('learner').receipts[':orderId'].pdf.$get({ param: { orderId: 'NOSUCHORDER' }, query: {} }), 404);
    await expectRefused(api(), (a) => a.as('learner').receipts[':orderId'].$get({ param: { orderId: 'x'.repeat(65) }, query: {} }), 400);
    const id = await buy();
    await expectRawRefused(api(), 'GET', `/receipts/${id}?lang=xx`, { as: 'learner' }, 400);
    await expectRawRefused(api(), 'GET', `/receipts/${id}/pdf?lang=xx`, { as: 'learner' }, 400);
    await expectRawRefused(api(), 'GET', '/receipts?page=2', { as: 'learner' }, 400);
  });

  it('download as a PDF with every fact of the receipt', async () => {
    await api().deps.db.db.update(users).set({ name: 'Lea Learner' }).where(eq(users.id, 'learner'));
    const id = await buy();
    const res = await pdf(api(), id, 'learner');
    expect(res).toMatchObject({ status: 200, type: 'application/pdf', disposition: `attachment; filename="receipt-${id}.pdf"` });
    const text = await pdfText(res.bytes);
    for (const part of [
      'Receipt',
      'Fetal Surgery Academy S.L.',
      'Calle Mayor 1, 28013 Madrid, Spain',
      'Lea Learner',
      'learner@example.com',
      'Fetoscopy',
      '$199.00',
      id,
      'Amount paid',
      'PayPal order',
    ]) {
      expect(text).toContain(part);
    }
    expect((await pdf(api(), id, 'admin')).status).toBe(200);
  });

  it('print in Arabic right to left, keeping the Latin names, the address and the order id whole', async () => {
    await api().deps.db.db.update(users).set({ name: 'Lea Learner' }).where(eq(users.id, 'learner'));
    const id = await buy();
    const res = await pdf(api(), id, 'learner', 'ar');
    expect(res.status).toBe(200);
    // The payment date reads from the right: the day, the month's name, the year furthest left.
    expect((await lineOf(res.bytes, /^20\d\d$/)).filter((piece) => /\d/.test(piece))).toEqual([
      expect.stringMatching(/^20\d\d$/),
      expect.stringMatching(/^\d\d?$/),
    ]);
    const text = await pdfText(res.bytes);
    for (const part of ['Lea Learner', 'learner@example.com', 'Calle Mayor 1, 28013 Madrid, Spain', id]) expect(text).toContain(part);
    // Arabic is stored in the order it is drawn, right to left: the labels read backwards in the extracted text.
    expect(text.normalize('NFKC')).toMatch(/[\u0600-\u06ff]/);
  });
});

describe('invoices', () => {
  const numbers = async () =>
    (await api().deps.db.db.select({ n: orders.invoiceNumber }).from(orders).where(eq(orders.status, 'COMPLETED'))).map((r) => r.n!).sort((a, b) => a - b);

  it('are numbered 1, 2, 3… in the order payments complete, with no gap and no number twice when they complete at once', async () => {
    const before = await numbers();
    await Promise.all([buy('learner'), buy('other'), buy('learner', 'plan-complete'), buy('other', 'plan-complete'), buy('admin')]);
    const after = await numbers();
    const start = before.at(-1) ?? 0;
    expect(after.slice(before.length)).toEqual([start + 1, start + 2, start + 3, start + 4, start + 5]);
    expect(new Set(after).size).toBe(after.length);
  });

  it('give no number to a payment that did not complete: the next one takes the number after the last', async () => {
    const first = await buy();
    const unpaid = (await reply(as('learner').payments.orders.$post({ json: { planId: 'plan-complete' } }))).json.id;
    const [kept] = await api().deps.db.db.select({ n: orders.invoiceNumber }).from(orders).where(eq(orders.id, unpaid));
    expect(kept!.n).toBeNull();
    const next = await buy('learner', 'plan-complete');
    const read = async (orderId: string) => (await reply(as('learner').receipts[':orderId'].$get({ param: { orderId }, query: {} }))).json.invoiceNumber;
    expect(await read(next)).toBe((await read(first))! + 1);
  });

  it('say a purchase from a renewal: paying again for a plan still held extends it, and the receipt says so', async () => {
    const bought = await buy('other');
    const renewed = await buy('other');
    const [latest, earliest] = (await reply(as('other').receipts.$get({ query: {} }))).json as [Receipt, Receipt];
    expect([earliest.orderId, earliest.kind, latest.orderId, latest.kind]).toEqual([bought, 'purchase', renewed, 'renewal']);
  });

  it("print the number, the seller's tax id, the tax line and the kind on the PDF, in English and in Spanish", async () => {
    await buy('other');
    const id = await buy('other');
    const { invoiceNumber } = (await reply(as('other').receipts[':orderId'].$get({ param: { orderId: id }, query: {} }))).json;
    const english = await pdfText((await pdf(api(), id, 'other')).bytes);
    expect(english).toContain(`Invoice number ${invoiceNumber}`);
    expect(english).toContain('Payment Renewal');
    expect(english).toContain('Tax ID: ESB12345678');
    expect(english).toContain('$0.00 (no tax applies to this sale)');
    const spanish = await pdfText((await pdf(api(), id, 'other', 'es')).bytes);
    expect(spanish).toContain('Renovación');
    expect(spanish).toContain('(esta venta no está sujeta a impuestos)');
  });
});

describe("the buyer's billing details", () => {
  const details = { address: 'Rua das Flores 10\n01000-000 São Paulo', taxId: '123.456.789-09' };

  it('are kept in My account and named on every invoice issued after, each invoice keeping those it was issued with', async () => {
    const before = await buy('other');
    const saved = await reply(as('other').users.me.billing.$put({ json: { address: `  ${details.address} `, taxId: details.taxId } }));
    expect(saved).toMatchObject({ status: 200, json: details });
    expect((await reply(as('other').users.me.billing.$get())).json).toEqual(details);
    const after = await buy('other', 'plan-complete');
    await reply(as('other').users.me.billing.$put({ json: { address: 'Elsewhere', taxId: '' } }));
    const read = async (orderId: string) => (await reply(as('other').receipts[':orderId'].$get({ param: { orderId }, query: {} }))).json.buyer;
    expect(await read(before)).toMatchObject({ address: '', taxId: '' });
    expect(await read(after)).toMatchObject(details);
    const text = await pdfText((await pdf(api(), after, 'other')).bytes);
    expect(text).toContain('Rua das Flores 10');
    expect(text).toContain('01000-000 São Paulo');
    expect(text).toContain('Tax ID: 123.456.789-09');
  });

  it('are read and set by the signed-in person only, and refuse what is too long or unknown', async () => {
    await expectRefused(api(), (a) => a.as(null).users.me.billing.$get(), 401);
    await expectRefused(api(), (a) => a.as(null).users.me.billing.$put({ json: details }), 401);
    await expectRefused(api(), (a) => a.as('other').users.me.billing.$put({ json: { ...details, taxId: 'x'.repeat(65) } }), 400);
    await expectRefused(api(), (a) => a.as('other').users.me.billing.$put({ json: { ...details, address: 'x'.repeat(501) } }), 400);
    await expectRawRefused(api(), 'PUT', '/users/me/billing', { as: 'other', body: { ...details, vat: 'x' } }, 400);
    await expectRawRefused(api(), 'PUT', '/users/me/billing', { as: 'other', body: { address: 'only' } }, 400);
    expect((await reply(as('other').users.me.billing.$get())).json).toEqual({ address: '', taxId: '' });
  });
});

describe('an Arabic receipt of text that bites', () => {
  it('draws the names, the address, the plan and an order id that starts with a digit and a dash whole, in their own order', async () => {
    const pdf = new Uint8Array(
      await receiptPdf(
        {
          orderId: '7-Xk3_9aQ',
          invoiceNumber: 12,
          kind: 'renewal',
          date: '2026-03-04T10:00:00Z',
          seller: { name: 'Fetal Surgery Academy S.L.', address: '2 Calle Mayor, مدريد', taxId: 'ESB12345678' },
          buyer: { name: '1 Lea ليا', email: 'lea@example.com', address: '', taxId: '' },
          plan: { id: 'plan-fetoscopy', title: '3 أشهر Fetoscopy' },
          amount: 199,
          currency: 'USD',
          tax: 0,
          paidUntil: '2026-06-04T10:00:00Z',
        },
        'ar',
      ),
    );
    // Latin first, Arabic inside: left to right from the leading digit (else "Lea 1" and ",Calle Mayor 2" after the Arabic).
    expect(await lineOf(pdf, /Lea/)).toEqual(['1 Lea', expect.stringMatching(ARABIC)]);
    expect(await lineOf(pdf, /Calle/)).toEqual(['2 Calle Mayor,', expect.stringMatching(ARABIC)]);
    // Arabic first, Latin inside: right to left, the digit furthest right.
    expect((await lineOf(pdf, /Fetoscopy/)).slice(0, 3)).toEqual(['Fetoscopy', expect.stringMatching(ARABIC), '3']);
    // The order id, whole and furthest left of its label.
    expect((await lineOf(pdf, /^7-Xk3_9aQ$/))[0]).toBe('7-Xk3_9aQ');
  });
});

describe('the seller on receipts', () => {
  it('defaults to the product name and no address', () => {
    expect(loadConfig({}).seller).toEqual({ name: 'Fetal Surgery Academy', address: '', taxId: '' });
    expect(loadConfig({ PRODUCT_NAME: 'Academy', SELLER_ADDRESS: ' 1 Main St ', SELLER_TAX_ID: ' DE123456789 ' }).seller).toEqual({
      name: 'Academy',
      address: '1 Main St',
      taxId: 'DE123456789',
    });
  });

  it("is the one configured at payment, after the seller moves; a payment that kept none names today's", async () => {
    const kept = await buy();
    const config = api().deps.config;
    const before = config.seller;
    try {
      config.seller = { name: 'Fetal Surgery Academy GmbH', address: 'Hauptstraße 2, 10115 Berlin', taxId: 'DE123456789' };
      expect((await reply(as('learner').receipts[':orderId'].$get({ param: { orderId: kept }, query: {} }))).json.seller).toEqual(before);
      const earlier = await buy('learner', 'plan-complete');
      await api().deps.db.db.update(orders).set({ sellerName: '', sellerAddress: '' }).where(eq(orders.id, earlier));
      expect((await reply(as('learner').receipts[':orderId'].$get({ param: { orderId: earlier }, query: {} }))).json.seller).toEqual(config.seller);
    } finally {
      config.seller = before;
    }
  });
});
