import type { Plan } from '../../api/pricing.ts';
import type { plans } from '../db/schema.ts';

/** The contract's plan from its row, as stored (English texts, translations beside them). */
export function planOf(row: typeof plans.$inferSelect): Plan {
  const { id, title, price, duration, description, courses: included, visibility, translations } = row;
  return { id, title, price, duration, description, courses: included, visibility, translations };
}
