import { z } from '@hono/zod-openapi';

/** What the OpenAPI document says of each field a PUT takes back from its GET without changing it. */
const READ_ONLY = 'Read-only: may be sent back as the GET answers it (then ignored); any other value is refused with 400 naming the field';

/** The fields of a GET's answer (shape `A`) that its PUT's body (shape `B`) does not write. */
type ReadOnlyKey<B extends z.ZodRawShape, A extends z.ZodRawShape> = Exclude<keyof A, keyof B> & string;

/** A PUT body that takes back its GET's answer, and the names of the fields it only compares. */
export interface RoundTrip<S extends z.ZodType, K extends string> {
  body: S;
  readOnly: readonly K[];
}

/**
 * The body of a PUT that takes back the object its GET answers (read it, change a field, send it back): the strict
 * `body`, plus every other field of `answer`, optional and marked read-only. A key neither has is still refused; the
 * server checks each read-only field sent against what it holds (server/http/round-trip.ts).
 */
export function roundTrip<B extends z.ZodRawShape, C extends z.core.$ZodObjectConfig, A extends z.ZodRawShape>(
  body: z.ZodObject<B, C>,
  answer: z.ZodObject<A, z.core.$ZodObjectConfig>,
) {
  const readOnly = Object.keys(answer.shape).filter((key) => !Object.hasOwn(body.shape, key)) as Array<ReadOnlyKey<B, A>>;
  const shape = Object.fromEntries(readOnly.map((key) => [key, z.optional(answer.shape[key]!).meta({ readOnly: true, description: READ_ONLY })]));
  const extended = body.extend(shape as { [K in ReadOnlyKey<B, A>]: z.ZodOptional<A[K]> });
  return { body: extended, readOnly } satisfies RoundTrip<typeof extended, ReadOnlyKey<B, A>>;
}
