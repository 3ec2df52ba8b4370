import type { Context } from 'hono';
import type { Issue } from '../../api/errors.ts';

/**
 * Keys that have changed objects' prototypes elsewhere, refused anywhere in a body. JSON.parse makes `__proto__` an
 * own key, which zod's records and loose objects drop without a word while a strict object refuses it: checked here
 * once, they are refused alike wherever they stand.
 */
export const POLLUTING = new Set(['__proto__', 'constructor', 'prototype']);

const MESSAGE = 'this key is refused anywhere in a body (it could change what an object inherits)';

/** Where a value stands in the body: its key and its parent's place (a chain, so a deep body costs no copied paths). */
interface Place {
  key: string;
  parent: Place | null;
}

const dotted = (place: Place) => {
  const keys: string[] = [];
  for (let at: Place | null = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/** Each polluting key of a parsed JSON value, as an issue at its dotted path; walked without recursion, however deep it nests. */
export function pollutingKeys(body: unknown): Issue[] {
  const issues: Issue[] = [];
  const pending: Array<[value: unknown, place: Place | null]> = [[body, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, place] = next;
    if (place && POLLUTING.has(place.key)) issues.push({ path: dotted(place), message: MESSAGE });
    else if (typeof value === 'object' && value !== null) {
      // Last key first onto the stack, so the issues come in the body's order.
      for (const [key, item] of Object.entries(value).reverse()) pending.push([item, { key, parent: place }]);
    }
  }
  return issues;
}

/** Text that holds none of the keys, nor a \u escape that could spell one: most bodies, which need no second parse. */
const MAYBE = /proto|constructor|\\u/;

/**
 * The polluting keys of the JSON body a route's validator read (its text is kept by the request): zod's answer cannot
 * tell, since a record drops `__proto__` before anyone sees it. Empty for text that is not JSON (the validator said so).
 */
export async function pollutedBody(c: Context): Promise<Issue[]> {
  const text = await c.req.text();
  if (!MAYBE.test(text)) return [];
  try {
    return pollutingKeys(JSON.parse(text));
  } catch {
    return [];
  }
}
