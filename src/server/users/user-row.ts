import type { User } from '../../api/users.ts';
import type { users } from '../db/schema.ts';

/** A user's row as the contract shows it: what every route that answers a user (users, account, payments) sends. */
export function toUser(row: typeof users.$inferSelect): User {
  const { id, email, name, contact, isAdmin, isPremium, isExpert, subscriptions, termsVersion } = row;
  return { id, email, name, contact, isAdmin, isPremium, isExpert, subscriptions, termsVersion };
}
