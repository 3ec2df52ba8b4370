import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { ENDPOINTS } from './hostile-endpoints.ts';
import { loadWorld, type Endpoint, type World } from './hostile-world.ts';
import { damages, invalidOf, type Damage } from './hostile-invalid.ts';
import { judge, POLLUTION } from './hostile-rules.ts';
import { validOf } from './hostile-valid.ts';
import { expectErrorBody, useApi } from '../support.ts';

/**
 * Each write endpoint gets bodies built from its documented rules (hostile-contract.ts), never from the server's
 * schemas: every rule broken once at its bound, then random bodies. Valid ones are answered as documented and read
 * back as sent; ones broken on purpose (a required key missing, a wrong type, a bound crossed, an unknown or polluting
 * key) are refused with `invalid_body` and issues naming the broken place; junk is never a 5xx. A refusal changes nothing.
 */
// Bodies per endpoint; a long nightly run raises it, e.g. HOSTILE_RUNS=5000.
const RUNS = Number(process.env.HOSTILE_RUNS) || 200;

/** Text nobody would send: not JSON, JSON of any shape, nesting thousands deep, a polluting key alone. */
const junk = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ minLength: 5000, maxLength: 40_000 }),
  fc.anything({ maxDepth: 6, withNullPrototype: true, withBigInt: false }).map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .tuple(fc.integer({ min: 50, max: 5000 }), fc.boolean())
    .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth))),
  fc.constantFrom(...POLLUTION).map((key) => `{${JSON.stringify(key)}:{"isAdmin":true,"polluted":true}}`),
  fc.constantFrom('', ' ', 'null', '[]', '"x"', '{', '{"a":1,}', "{'a':1}", 'NaN', '\uFEFF{}'),
);

type Sample = { kind: 'valid'; body: unknown } | { kind: 'invalid'; damage: Damage } | { kind: 'junk'; raw: string };

function samples(endpoint: Endpoint, world: World): fc.Arbitrary<Sample> {
  return fc.oneof(
    { weight: 3, arbitrary: (endpoint.valid?.(world) ?? validOf(endpoint.body)).map((body): Sample => ({ kind: 'valid', body })) },
    { weight: 4, arbitrary: invalidOf(endpoint.body).map((damage): Sample => ({ kind: 'invalid', damage })) },
    { weight: 1, arbitrary: junk.map((raw): Sample => ({ kind: 'junk', raw })) },
  );
}

/** Whether a dotted issue path lies at or below `at`. */
const within = (path: string, at: Array<string | number>) => at.every((key, i) => (path === '' ? [] : path.split('.'))[i] === String(key));

describe('hostile bodies', () => {
  // Rate limits are another suite's subject; a nightly run sends many thousands of bodies.
  const api = useApi({ RATE_LIMIT_SCALE: '1000000' });
  let world: World | undefined;
  let calls = 0;
  // The fingerprint after the last refusal, while nothing else has been sent since: the next refusal's "before".
  let unchanged: string | null = null;

  const how = async () => ({ api: api(), world: (world ??= await loadWorld(api())), n: ++calls });

  /** Sends `raw`, which the rules say is refused with `error`, and checks the refusal and that no table changed. */
  async function refused(endpoint: Endpoint, raw: string, as: string | null, error: string, at: Array<string | number>, why: string) {
    const before = unchanged ?? (await api().snapshot());
    const res = await api().call(endpoint.method, endpoint.path, { as, raw });
    const label = `${why}: ${raw.slice(0, 300)}\n${JSON.stringify(res.json).slice(0, 300)}`;
    expect(res.status, label).toBe(400);
    expectErrorBody(res.json, error);
    if (error === ErrorCode.invalidBody) {
      expect(res.json.issues?.length, label).toBeGreaterThan(0);
      expect(
        res.json.issues.some((issue: { path: string }) => within(issue.path, at)),
        `${label}\nno issue at ${at.join('.')}`,
      ).toBe(true);
    }
    unchanged = await api().snapshot();
    expect(unchanged, label).toBe(before);
  }

  /** Sends a body broken on purpose (`damage`), as its endpoint sends bodies, and checks it is refused as invalid. */
  async function broken(endpoint: Endpoint, { value, at, why }: Damage) {
    // Sending may need a call of its own first (a launch).
    if (endpoint.send) unchanged = null;
    const { body, as } = endpoint.send ? await endpoint.send(value, { ...(await how()), damaged: at }) : { body: value, as: endpoint.as ?? 'admin' };
    await refused(endpoint, JSON.stringify(body), as, ErrorCode.invalidBody, at, why);
  }

  async function accepted(endpoint: Endpoint, sample: unknown) {
    unchanged = null;
    const { body, as } = endpoint.send ? await endpoint.send(sample, { ...(await how()), damaged: null }) : { body: sample, as: endpoint.as ?? 'admin' };
    const before = await endpoint.before?.(api(), body);
    const raw = JSON.stringify(body);
    const res = await api().call(endpoint.method, endpoint.path, { as, raw });
    expect(res.status, `${raw.slice(0, 300)}\n${JSON.stringify(res.json).slice(0, 300)}`).toBe(endpoint.status);
    await endpoint.stored(api(), body, res.json, before);
  }

  it.each(ENDPOINTS)('$method $path: refuses each documented rule broken once, at its bound, and changes nothing', async (endpoint) => {
    unchanged = null;
    const seed = Date.now();
    const sites = damages(endpoint.body);
    for (const [i, site] of sites.entries()) {
      const [damage] = fc.sample(site, { numRuns: 1, seed: seed + i });
      await broken(endpoint, { ...damage!, why: `${damage!.why} (seed ${seed + i})` });
    }
    expect(sites.length).toBeGreaterThan(Object.keys(endpoint.body.fields).length);
  });

  it.each(ENDPOINTS)(
    '$method $path: stores valid bodies as sent, refuses broken ones with invalid_body and junk without a 5xx',
    async (endpoint) => {
      unchanged = null;
      const seen = { valid: 0, invalid: 0, junk: 0 };
      await fc.assert(
        fc.asyncProperty(samples(endpoint, (await how()).world), async (sample) => {
          seen[sample.kind]++;
          if (sample.kind === 'valid') return accepted(endpoint, sample.body);
          if (sample.kind === 'invalid') return broken(endpoint, sample.damage);
          const verdict = judge(sample.raw, endpoint.body);
          if (verdict !== 'unknown') return refused(endpoint, sample.raw, endpoint.as ?? 'admin', verdict, [], 'junk');
          unchanged = null;
          const res = await api().call(endpoint.method, endpoint.path, { as: endpoint.as ?? 'admin', raw: sample.raw });
          expect(res.status, sample.raw.slice(0, 300)).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
      expect(seen.valid).toBeGreaterThan(RUNS / 10);
      expect(seen.invalid).toBeGreaterThan(RUNS / 4);
      // No body reached Object.prototype.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
    60_000 + RUNS * 1_000,
  );
});
