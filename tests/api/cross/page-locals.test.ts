import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageLocals } from '../../../src/server/pages/locals.ts';
import { pageServer } from '../../../src/server/pages/serve.ts';
import { useApi, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

describe('pageLocals', () => {
  it('names every plan that includes a course, hidden plans too', async () => {
    const locals = pageLocals(api().deps);
    expect((await locals.plansIncluding('bronchoscopy')).sort()).toEqual(['plan-complete', 'plan-pilot']);
    expect((await locals.plansIncluding('pleuroamniotic')).sort()).toEqual(['plan-complete']);
    expect(await locals.plansIncluding('no-such-course')).toEqual([]);
  });

  it('reads plans as they are now, after an admin edit', async () => {
    const plan = (await reply(as('admin').pricing.$get({ query: {} }))).json.find((p: { id: string }) => p.id === 'plan-fetoscopy')!;
    const { id: _id, ...body } = plan;
    const res = await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: { ...body, courses: ['pleuroamniotic'] } }));
    expect(res.status).toBe(200);
    expect((await pageLocals(api().deps).plansIncluding('pleuroamniotic')).sort()).toEqual(['plan-complete', 'plan-fetoscopy']);
  });

  it('serves the course from the same catalogue as the API', async () => {
    expect((await pageLocals(api().deps).catalogue.course('bronchoscopy'))?.value.title).toBe('Bronchoscopy');
  });
});

describe('pageServer', () => {
  /**
   * A stand-in for the built Astro handler that does what the locale middleware does: writes the request's locale into
   * the locals it is given, waits (another request renders meanwhile), then answers with what its locals say.
   */
  const ENTRY = `export async function handler(req, res, _next, locals) {
  locals.locale = new URL(req.url, 'http://x').searchParams.get('lang');
  await new Promise((resolve) => setTimeout(resolve, 20));
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(String(locals.locale));
}
`;

  it('gives each render its own Astro.locals, so pages rendering at once keep their own language', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fsa-dist-'));
    mkdirSync(join(dist, 'client'));
    mkdirSync(join(dist, 'server'));
    writeFileSync(join(dist, 'server/entry.mjs'), ENTRY);
    const serve = await pageServer(api().deps, dist);
    const server = createServer((req, res) => serve(req, res, () => undefined));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const langs = ['ar', 'en', 'zh-CN', 'ru', 'es', 'fr', 'pt'];
      const pages = await Promise.all(langs.map((lang) => fetch(`http://127.0.0.1:${port}/page?lang=${lang}`).then((res) => res.text())));
      expect(pages).toEqual(langs);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
