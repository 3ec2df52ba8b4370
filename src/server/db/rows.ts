import type { Plan } from '../../api/pricing.ts';
import type { Receipt } from '../../api/receipts.ts';
import type { User } from '../../api/users.ts';
import { pick, type ContentLocale } from '../../domain/localize.ts';
import type { orders, plans, users } from './schema.ts';

/** Rows as the contract shows them: shared by every route that answers a user, a plan or a receipt. */

export function toUser(row: typeof users.$inferSelect): User {
  const { id, email, name, contact, isAdmin, isPremium, isExpert, subscriptions, termsVersion } = row;
  return { id, email, name, contact, isAdmin, isPremium, isExpert, subscriptions, termsVersion };
}

/** The contract's plan from its row, as stored (English texts, translations beside them). */
export function planOf(row: typeof plans.$inferSelect): Plan {
  const { id, title, price, duration, description, courses: included, visibility, translations } = row;
  return { id, title, price, duration, description, courses: included, visibility, translations };
}

/** A completed order as its receipt, with the plan's title in `locale`; `seller` names it when the order kept none. */
export function receiptOf(row: typeof orders.$inferSelect, seller: { name: string; address: string }, locale: ContentLocale): Receipt {
  return {
    orderId: row.id,
    date: (row.capturedAt ?? row.createdAt).toISOString(),
    seller: row.sellerName ? { name: row.sellerName, address: row.sellerAddress } : seller,
    buyer: { name: row.buyerName, email: row.buyerEmail },
    plan: { id: row.planId, title: pick(row.planTitle, row.planTranslations, locale, 'title') || row.planId },
    amount: row.amount,
    currency: row.currency,
    paidUntil: row.paidUntil?.toISOString() ?? null,
  };
}
