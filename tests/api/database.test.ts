import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

describe('PGlite under a queue of queries', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(null, null);
  });
  afterAll(() => database.close());

  it('gives the event loop turns while the queue drains, in the order asked', async () => {
    const finished: number[] = [];
    const queries = Array.from({ length: 400 }, (_, i) =>
      database.db.execute(sql`select ${i}::int as n, repeat('x', 2000) as pad`).then(() => finished.push(i)),
    );
    // Without turns, the whole queue ran before the event loop (and so the server's accept) came round again.
    const seenAtFirstTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(finished.length)));
    await Promise.all(queries);
    expect(seenAtFirstTurn).toBeLessThan(400);
    expect(finished).toEqual([...finished].sort((a, b) => a - b));
  });

  it('keeps a failed query from blocking the ones after it', async () => {
    const failed = database.db.execute(sql`select * from no_such_table`);
    const next = database.db.execute(sql`select 1 as one`);
    await expect(failed).rejects.toThrow();
    expect(JSON.stringify(await next)).toContain('"one":1');
  });
});
