import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../src/server/db/client.ts';
import { catalogueFastPath } from '../../../src/server/courses/index.ts';
import { catalogueChanges, useApi, validCourse, validPlan, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

const { changesOf, heardUpTo, channel } = catalogueChanges(api);

describe('GET /courses from its cache', () => {
  it('carries an ETag, answers 304 to it, and sends brotli or gzip to clients that accept them', async () => {
    const plain = await api().app.request('/api/courses');
    const json = await plain.text();
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    // The list is in the language asked for, so the language varies the answer as much as the encoding does.
    expect(plain.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    expect(plain.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const again = await api().app.request('/api/courses', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const br = await api().app.request('/api/courses', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(json);
    const gzip = await api().app.request('/api/courses', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(json);
    expect(new Set([etag, br.headers.get('etag'), gzip.headers.get('etag')]).size).toBe(3);
  });

  it('gets a new ETag once a course is saved', async () => {
    const before = (await api().app.request('/api/courses')).headers.get('etag')!;
    expect((await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ title: 'Renamed' }) }))).status).toBe(200);
    const after = await api().app.request('/api/courses', { headers: { 'if-none-match': before } });
    expect(after.status).toBe(200);
    expect(await after.json()).toContainEqual(expect.objectContaining({ id: 'bronchoscopy', title: 'Renamed' }));
  });

  it('answers a request from an allowed other origin through CORS, and refuses one from any other', async () => {
    const allowed = await useApiWithOrigin('https://partner.example');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect((await api().app.request('/api/courses', { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });
});

describe('GET /courses/{id} and GET /pricing from the cache', () => {
  it('answer a course and the plans on sale with an ETag, a 304 to it, and brotli or gzip copies', async () => {
    for (const path of ['/api/courses/bronchoscopy', '/api/courses/bronchoscopy?lang=ar', '/api/pricing', '/api/pricing?lang=zh-CN']) {
      const plain = await api().app.request(path);
      expect(plain.status).toBe(200);
      const json = await plain.text();
      const etag = plain.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(plain.headers.get('cache-control')).toBe('no-cache');
      expect(plain.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
      expect(plain.headers.get('content-language')).toBe(new URL(path, 'http://x').searchParams.get('lang') ?? 'en');
      expect(plain.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect((await api().app.request(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
      const br = await api().app.request(path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(json);
      const gzip = await api().app.request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(json);
    }
  });

  it('shows the plans on sale to visitors and learners alike, and the hidden ones to an administrator only, never stored', async () => {
    const onSale = ['plan-fetoscopy', 'plan-complete'];
    const visitor = await api().app.request('/api/pricing');
    expect(((await visitor.json()) as Array<{ id: string }>).map((p) => p.id)).toEqual(onSale);
    const learner = await reply(as('learner').pricing.$get({ query: {} }));
    expect((learner.json as Array<{ id: string }>).map((p) => p.id)).toEqual(onSale);
    const admin = await as('admin').pricing.$get({ query: { lang: 'fr' } }, { headers: { 'if-none-match': visitor.headers.get('etag')! } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('cache-control')).toBe('private, no-store');
    expect(admin.headers.get('etag')).toBeNull();
    expect(((await admin.json()) as Array<{ id: string }>).map((p) => p.id)).toEqual([...onSale, 'plan-pilot']);
  });

  it('get a new ETag once the course or a plan is saved, and a 404 for no published course', async () => {
    const course = (await api().app.request('/api/courses/bronchoscopy')).headers.get('etag')!;
    const plans = (await api().app.request('/api/pricing')).headers.get('etag')!;
    expect((await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ title: 'Renamed' }) }))).status).toBe(200);
    const renamed = await api().app.request('/api/courses/bronchoscopy', { headers: { 'if-none-match': course } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { title: string }).title).toBe('Renamed');
    expect((await api().app.request('/api/pricing', { headers: { 'if-none-match': plans } })).status).toBe(304);
    expect((await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: validPlan({ title: 'Renamed plan' }) }))).status).toBe(200);
    const replanned = await api().app.request('/api/pricing', { headers: { 'if-none-match': plans } });
    expect(replanned.status).toBe(200);
    expect(await replanned.json()).toContainEqual(expect.objectContaining({ id: 'plan-fetoscopy', title: 'Renamed plan' }));
    expect((await api().app.request('/api/courses/no-such-course')).status).toBe(404);
  });
});

describe('the fast path before the API', () => {
  /** A Node server that tries the fast path first and answers "api" for what it leaves to the API. */
  async function withFastPath(run: (get: (path: string, headers?: Record<string, string>) => Promise<Response>) => Promise<void>) {
    const fast = catalogueFastPath(api().deps.catalogueAnswer);
    const server = createServer((req, res) => {
      if (!fast(req, res)) res.end('api');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await run((path, headers) => fetch(`http://127.0.0.1:${port}${path}`, { headers }));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('answers the list, a course and the plans from memory once read, exactly as the API does', async () => {
    await heardUpTo();
    api().deps.catalogue.changed();
    await withFastPath(async (get) => {
      const paths = ['/api/courses?lang=fr', '/api/courses/bronchoscopy', '/api/courses/bronchoscopy?lang=ar', '/api/pricing?lang=ru'];
      for (const path of paths) expect(await (await get(path)).text()).toBe('api');
      for (const path of paths) {
        const fromApi = await api().app.request(path, { headers: { 'accept-encoding': 'br' } });
        const fast = await get(path, { 'accept-encoding': 'br' });
        expect(fast.status).toBe(200);
        expect(await fast.text()).toBe(new TextDecoder().decode(brotliDecompressSync(Buffer.from(await fromApi.arrayBuffer()))));
        for (const name of ['etag', 'content-encoding', 'content-language', 'vary', 'cache-control', 'content-security-policy']) {
          expect(fast.headers.get(name)).toBe(fromApi.headers.get(name));
        }
        expect((await get(path, { 'accept-encoding': 'br', 'if-none-match': fast.headers.get('etag')! })).status).toBe(304);
      }
      // An id spelt with escapes is the same course.
      expect((await get('/api/courses/%62ronchoscopy')).headers.get('etag')).toBe((await get('/api/courses/bronchoscopy')).headers.get('etag'));
    });
  });

  it("leaves to the API an administrator's plans, another origin, a language we do not have, other routes, unknown courses and what a change let go", async () => {
    await withFastPath(async (get) => {
      for (const path of ['/api/courses', '/api/courses/bronchoscopy', '/api/pricing']) await api().app.request(path);
      expect((await get('/api/pricing')).status).toBe(200);
      expect(await (await get('/api/pricing', { authorization: 'Bearer anything' })).text()).toBe('api');
      expect(await (await get('/api/courses', { origin: 'https://partner.example' })).text()).toBe('api');
      expect(await (await get('/api/courses/bronchoscopy?lang=xx')).text()).toBe('api');
      for (const path of [
        '/api/courses/bronchoscopy/impact',
        '/api/courses/',
        '/api/courses/%E0%A4%A',
        '/api/courses/no-such-course',
        '/api/coursesx',
        '/api/pricing/plan-pilot',
      ]) {
        expect(await (await get(path)).text()).toBe('api');
      }
      expect((await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse() }))).status).toBe(200);
      expect(await (await get('/api/courses/bronchoscopy')).text()).toBe('api');
      expect(await (await get('/api/courses')).text()).toBe('api');
    });
  });
});

async function useApiWithOrigin(origin: string) {
  const { testApi } = await import('../harness.ts');
  const other = await testApi({ CORS_ORIGINS: origin });
  try {
    return await other.app.request('/api/courses', { headers: { origin } });
  } finally {
    await other.close();
  }
}

describe('the catalogue change that clears the cached pages', () => {
  it('names the course when one course is created or saved', async () => {
    let id = '';
    expect(
      await changesOf(async () => {
        id = (await reply(as('admin').courses.$post({ json: validCourse() }))).json as string;
      }),
    ).toEqual([id]);
    expect(await changesOf(() => reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse() })))).toEqual(['bronchoscopy']);
  });

  it('covers everything when a course is deleted (plans change too) and when a plan is created, saved or deleted', async () => {
    expect(await changesOf(() => reply(as('admin').courses[':id'].$delete({ param: { id: 'bronchoscopy' }, query: {} })))).toEqual([null]);
    let plan = { id: '' };
    expect(
      await changesOf(async () => {
        plan = (await reply(as('admin').pricing.$post({ json: validPlan() }))).json as { id: string };
      }),
    ).toEqual([null]);
    expect(await changesOf(() => reply(as('admin').pricing[':id'].$put({ param: { id: plan.id }, json: validPlan({ title: 'Renamed' }) })))).toEqual([null]);
    expect(await changesOf(() => reply(as('admin').pricing[':id'].$delete({ param: { id: plan.id } })))).toEqual([null]);
  });

  it('covers everything when a user becomes or stops being an expert, whose results set the pass marks', async () => {
    const save = (over: Record<string, unknown>) =>
      reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: { isAdmin: false, isPremium: false, subscriptions: [], ...over } }));
    expect(await changesOf(() => save({}))).toEqual([]);
    expect(await changesOf(() => save({ isExpert: true }))).toEqual([null]);
    expect(await changesOf(() => save({ isExpert: false }))).toEqual([null]);
    expect(await changesOf(() => reply(as('learner').users.me.$delete({})))).toEqual([]);
  });

  it('covers everything when an expert deletes their account, and their attempts with it', async () => {
    await reply(as('admin').users[':id'].$put({ param: { id: 'other' }, json: { isAdmin: false, isPremium: false, subscriptions: [], isExpert: true } }));
    expect(await changesOf(() => reply(as('other').users.me.$delete({})))).toEqual([null]);
  });

  it('says nothing when a write is refused', async () => {
    expect(
      await changesOf(async () => {
        await reply(as('learner').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse() }));
        await reply(as('admin').pricing[':id'].$put({ param: { id: 'nope' }, json: validPlan() }));
        await reply(as('admin').courses[':id'].$put({ param: { id: 'nope' }, json: validCourse() }));
      }),
    ).toEqual([]);
  });
});

describe('the announcements of the database itself', () => {
  /** What the database announced on the catalogue's channel while `write` ran (SQL, or a function of the database), each once. */
  async function heardOf(write: string | ((db: Db) => Promise<unknown>)): Promise<string[]> {
    const heard: string[] = [];
    await channel.heardUpTo('channel');
    announced = heard;
    const db = api().deps.db.db;
    await (typeof write === 'string' ? db.execute(sql.raw(write)) : write(db));
    await channel.heardUpTo('channel');
    announced = null;
    return [...new Set(heard)];
  }
  let announced: string[] | null = null;
  let subscribed = false;
  beforeEach(async () => {
    if (!subscribed) await api().deps.db.listen('catalogue', (payload) => channel.isMarker(payload, 'channel') || announced?.push(payload));
    subscribed = true;
  });

  it('reaches every instance for a write made outside the API, when it commits: the course, or everything', async () => {
    expect(await heardOf(`UPDATE courses SET title = 'By hand' WHERE id = 'bronchoscopy'`)).toEqual(['bronchoscopy']);
    expect(await heardOf(`INSERT INTO courses (id, title, subtitle) VALUES ('by-hand', 'By hand', '')`)).toEqual(['by-hand']);
    expect(await heardOf(`DELETE FROM courses WHERE id = 'by-hand'`)).toEqual(['']);
    expect(await heardOf(`UPDATE plans SET title = 'By hand' WHERE id = 'plan-pilot'`)).toEqual(['']);
    const undone = (db: Db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE courses SET title = 'Undone' WHERE id = 'bronchoscopy'`);
        tx.rollback();
      });
    expect(await heardOf((db) => expect(undone(db)).rejects.toThrow('Rollback'))).toEqual([]);
  });

  it("names a case's course when an expert's result lands, and everything when the experts change", async () => {
    const attempt = (id: string, user: string, flagged: boolean) =>
      `INSERT INTO attempts (id, user_id, course_id, case_id, level, case_index, score, metrics, flagged) VALUES ('${id}', '${user}', 'fetoscopy-simulator', 'm1c1', 1, 1, 90, '{}', ${flagged})`;
    expect(await heardOf(`UPDATE users SET name = 'Renamed', is_expert = false WHERE id = 'learner'`)).toEqual([]);
    expect(await heardOf(attempt('a1', 'learner', false))).toEqual([]);
    expect(await heardOf(`UPDATE users SET is_expert = true WHERE id = 'learner'`)).toEqual(['']);
    expect(await heardOf(attempt('a2', 'learner', false))).toEqual(['fetoscopy-simulator']);
    expect(await heardOf(attempt('a3', 'learner', true))).toEqual([]);
    expect(await heardOf(`DELETE FROM users WHERE id = 'learner'`)).toEqual(['']);
  });
});

describe('what a change lets go', () => {
  it('keeps the other courses and the plans when one course is saved, and reads everything again after a plan write', async () => {
    const { catalogue } = api().deps;
    // The reset before the test changed everything; its notification must not land between the reads below.
    await heardUpTo();
    const other = await catalogue.course('fetoscopy-simulator', 'fr');
    const plans = await catalogue.allPlans();
    const list = await catalogue.summaries('en');
    expect((await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ title: 'Renamed' }) }))).status).toBe(200);
    // The same objects: nothing was read again.
    expect(await catalogue.course('fetoscopy-simulator', 'fr')).toBe(other);
    expect(await catalogue.allPlans()).toBe(plans);
    // The list shows every course, so it is read again, with the new title.
    const relisted = await catalogue.summaries('en');
    expect(relisted).not.toBe(list);
    expect(relisted.value).toContainEqual(expect.objectContaining({ id: 'bronchoscopy', title: 'Renamed' }));
    expect((await catalogue.course('bronchoscopy'))?.value.title).toBe('Renamed');

    const created = (await reply(as('admin').pricing.$post({ json: validPlan({ title: 'Fresh plan' }) }))).json as { id: string };
    expect(await catalogue.course('fetoscopy-simulator', 'fr')).not.toBe(other);
    expect((await catalogue.allPlans()).map((p) => p.id)).toContain(created.id);
    const pricing = (await reply(as(null).pricing.$get({ query: {} }))).json as Array<{ id: string }>;
    expect(pricing.map((p) => p.id)).toContain(created.id);
  });

  it('reads once for every request that misses the same thing at the same time, and again for one that comes after a change', async () => {
    const { catalogue, db } = api().deps;
    await heardUpTo();
    catalogue.changed();
    const reads = vi.spyOn(db.db, 'select');
    try {
      const lists = await Promise.all(Array.from({ length: 8 }, () => api().app.request('/api/courses')));
      const courses = await Promise.all(Array.from({ length: 8 }, () => catalogue.course('bronchoscopy', 'fr')));
      const plans = await Promise.all(Array.from({ length: 8 }, () => catalogue.allPlans()));
      expect(lists.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(new Set(courses).size).toBe(1);
      expect(new Set(plans).size).toBe(1);
      // The list, the course (its French copy is made from the English one) and the plans.
      expect(reads).toHaveBeenCalledTimes(3);
      catalogue.changed('bronchoscopy');
      reads.mockClear();
      const before = catalogue.summaries('en');
      catalogue.changed('bronchoscopy');
      const after = catalogue.summaries('en');
      expect(reads).toHaveBeenCalledTimes(2);
      expect(await after).not.toBe(await before);
      expect(catalogue.cachedSummaries('en')).toBe(await after);
    } finally {
      reads.mockRestore();
    }
  });
});

/**
 * Makes the next `select` on `db` hold its rows: `inHand` resolves once they are read (before any change the test
 * lands next), and the reader gets them only at `release()`, so a change can land while the read is in flight.
 */
function holdNextRead(db: Db) {
  const select = db.select.bind(db);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const inHand = new Promise<void>((resolve) => (arrived = resolve));
  // The query builder, each of its steps wrapped alike, its answer kept back once it is in.
  const held = (target: object): any =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key, t);
        if (typeof value !== 'function') return value;
        if (key === 'then')
          return (ok: (rows: unknown) => unknown, bad: (err: unknown) => unknown) =>
            value.call(t, async (rows: unknown) => (arrived(), await released, rows)).then(ok, bad);
        return (...args: unknown[]) => {
          const out = value.apply(t, args);
          return out && typeof out === 'object' ? held(out) : out;
        };
      },
    });
  vi.spyOn(db, 'select').mockImplementationOnce(((...args: Parameters<Db['select']>) => held(select(...args))) as Db['select']);
  return { inHand, release };
}

describe('a change that lands while a read is in flight (the generation guards)', () => {
  /** Starts `read`, lands `write` once its rows are in hand and the change is announced, then lets the read finish. */
  async function raced<T>(read: () => Promise<T>, write: string): Promise<T> {
    const { catalogue, db } = api().deps;
    await heardUpTo();
    catalogue.changed();
    const hold = holdNextRead(db.db);
    const inFlight = read();
    await hold.inHand;
    await db.db.execute(sql.raw(write));
    // The change is heard (this instance forgets it) while the read still holds the rows of before.
    await heardUpTo();
    hold.release();
    return inFlight;
  }
  afterEach(() => vi.restoreAllMocks());

  it('never keeps the list read before the change', async () => {
    const { catalogue } = api().deps;
    const titleIn = (list: { value: Array<{ id: string; title: string }> }) => list.value.find((c) => c.id === 'bronchoscopy')?.title;
    const stale = await raced(() => catalogue.summaries('en'), `UPDATE courses SET title = 'Renamed in flight' WHERE id = 'bronchoscopy'`);
    expect(titleIn(stale)).toBe('Bronchoscopy');
    expect(titleIn(await catalogue.summaries('en'))).toBe('Renamed in flight');
  });

  it('never keeps the course read before the change', async () => {
    const { catalogue } = api().deps;
    const stale = await raced(() => catalogue.course('bronchoscopy', 'en'), `UPDATE courses SET title = 'Renamed in flight' WHERE id = 'bronchoscopy'`);
    expect(stale?.value.title).toBe('Bronchoscopy');
    expect((await catalogue.course('bronchoscopy', 'en'))?.value.title).toBe('Renamed in flight');
  });

  it('never keeps the plans read before the change, nor the plans on sale made from them', async () => {
    const { catalogue } = api().deps;
    const stale = await raced(() => catalogue.plansOnSale('en'), `UPDATE plans SET title = 'Renamed in flight' WHERE id = 'plan-fetoscopy'`);
    const titleIn = (plans: Array<{ id: string; title: string }>) => plans.find((p) => p.id === 'plan-fetoscopy')?.title;
    expect(titleIn(stale.value)).not.toBe('Renamed in flight');
    expect(titleIn((await catalogue.plansOnSale('en')).value)).toBe('Renamed in flight');
    expect(titleIn(await catalogue.allPlans())).toBe('Renamed in flight');
  });
});
