import type { Receipt } from '../../api/receipts.ts';
import { pick, type ContentLocale } from '../../domain/localize.ts';
import type { orders } from '../db/schema.ts';

/** A completed order as its receipt, with the plan's title in `locale`; `seller` names it when the order kept none. */
export function receiptOf(row: typeof orders.$inferSelect, seller: { name: string; address: string; taxId: string }, locale: ContentLocale): Receipt {
  return {
    orderId: row.id,
    invoiceNumber: row.invoiceNumber,
    kind: row.kind,
    date: (row.capturedAt ?? row.createdAt).toISOString(),
    seller: row.sellerName ? { name: row.sellerName, address: row.sellerAddress, taxId: row.sellerTaxId } : seller,
    buyer: { name: row.buyerName, email: row.buyerEmail, address: row.buyerAddress, taxId: row.buyerTaxId },
    plan: { id: row.planId, title: pick(row.planTitle, row.planTranslations, locale, 'title') || row.planId },
    amount: row.amount,
    currency: row.currency,
    // No tax applies to these sales: the receipt says so, with its 0.
    tax: 0,
    paidUntil: row.paidUntil?.toISOString() ?? null,
  };
}
