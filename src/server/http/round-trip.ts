import { isDeepStrictEqual } from 'node:util';
import type { z } from '@hono/zod-openapi';
import type { Issue } from '../../api/errors.ts';
import type { RoundTrip } from '../../api/round-trip.ts';

/** What a PUT stores of a round-trip body, or why it refuses it. */
type TakenBack<T, K extends keyof T> = { body: Omit<T, K> } | { issues: Issue[] };

/**
 * The writable part of a round-trip body (api/round-trip.ts): each read-only field sent is compared with what the GET
 * answers now (`current`, asked only when one was sent; null when there is nothing to compare with, as for an
 * unknown id) and then dropped; one that differs is an issue naming it.
 */
export async function takeBack<T extends Record<string, unknown>, K extends keyof T & string>(
  trip: RoundTrip<z.ZodType<T>, K>,
  sent: T,
  current: () => Promise<Pick<T, K> | null> | Pick<T, K>,
): Promise<TakenBack<T, K>> {
  const given = trip.readOnly.filter((key) => sent[key] !== undefined);
  const body = Object.fromEntries(Object.entries(sent).filter(([key]) => !trip.readOnly.includes(key as K))) as Omit<T, K>;
  if (!given.length) return { body };
  const now = await current();
  const changed = now ? given.filter((key) => !isDeepStrictEqual(sent[key], now[key])) : [];
  if (!changed.length) return { body };
  return { issues: changed.map((path) => ({ path, message: 'read-only: send it as the GET answers it, or leave it out' })) };
}
