import { describe, expect, it } from 'vitest';
import { defaultCaseParams } from '../../../src/domain/simulator/index.ts';
import { ReplayPool } from '../../../src/server/attempts/replay/pool.ts';

/** A short attempt of module 2's first case: opened, then finished a second later. */
const job = {
  course: 'replay-pool',
  level: 2,
  case: 1,
  variant: 0,
  sim: defaultCaseParams(2, 1),
  eventsJson: JSON.stringify([
    { t: 0, type: 'open', scope: 'straight' },
    { t: 1000, type: 'finish' },
  ]),
};

describe('the replay pool', () => {
  it("measures a replay's budget from when its worker is ready: a new worker's start-up does not count", async () => {
    // A new worker loads the model's modules first: about half a second on this machine, seconds on a busy one,
    // where the first attempts after a start were refused as over budget. This replay takes a few milliseconds.
    const pool = new ReplayPool({ workers: 1, budgetMs: 400 });
    const first = await pool.run(job);
    expect(first.status).toBe('done');
    expect((await pool.run(job)).status).toBe('done');
  });
});
