import { z } from '@hono/zod-openapi';
import { dbString } from './schemas.ts';

/** A captured payment as its receipt shows it: who sold what to whom, for how much, and PayPal's order id. */
export const Receipt = z
  .object({
    orderId: z.string(),
    /** When the payment was captured (ISO 8601). */
    date: z.string(),
    seller: z.object({ name: z.string(), address: z.string() }),
    /** Name and address as they were at payment; empty once the account was deleted. */
    buyer: z.object({ name: z.string(), email: z.string() }),
    /** The plan's title in the language asked for (English where it has none). */
    plan: z.object({ id: z.string(), title: z.string() }),
    amount: z.number(),
    currency: z.string(),
    /** Until when the payment gave access (ISO 8601). */
    paidUntil: z.string().nullable(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof Receipt>;

/** What a learner changes of their own profile. */
export const ProfileUpdate = z.strictObject({
  name: dbString().trim().min(1).max(401),
  contact: dbString().trim().max(50),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
