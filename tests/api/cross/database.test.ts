import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/client.ts';

describe('PGlite under a queue of queries', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(null, null);
  });
  afterAll(() => database.close());

  it('gives the event loop turns while the queue drains, in the order asked', async () => {
    const finished: number[] = [];
    // Each query counts a few hundred thousand rows, so the queue holds several slices of query time (PGLITE_TURN_MS)
    // even on a fast machine: 10 queries of 100,000 rows all ran within one slice on a quiet one.
    const queries = Array.from({ length: 20 }, (_, i) =>
      database.db.execute(sql`select ${i}::int as n, (select count(*) from generate_series(1, 300000)) as rows`).then(() => finished.push(i)),
    );
    // Without turns, the whole queue ran before the event loop (and so the server's accept) came round again.
    const seenAtFirstTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(finished.length)));
    await Promise.all(queries);
    expect(seenAtFirstTurn).toBeLessThan(20);
    expect(finished).toEqual([...finished].sort((a, b) => a - b));
    // About a second on a quiet machine; past the default 30 s on one many times oversubscribed (a slowed run).
  }, 120_000);

  it('leaves timestamps, dates and intervals as text for Drizzle, as it asks, in and out of transactions', async () => {
    const text = { d: '2024-01-31', i: '26:00:00', t: '2024-01-31 12:00:00+00' };
    const query = sql`select '2024-01-31'::date as d, interval '26 hours' as i, '2024-01-31 12:00:00Z'::timestamptz as t`;
    const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
    expect(rows(await database.db.execute(query))).toEqual([text]);
    expect(await database.db.transaction(async (tx) => rows(await tx.execute(query)))).toEqual([text]);
  });

  it('keeps a failed query from blocking the ones after it', async () => {
    const failed = database.db.execute(sql`select * from no_such_table`);
    const next = database.db.execute(sql`select 1 as one`);
    await expect(failed).rejects.toThrow();
    expect(JSON.stringify(await next)).toContain('"one":1');
  });
});
