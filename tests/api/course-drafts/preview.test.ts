// A course made with "Add course" is a draft nobody but administrators sees, in any language and through any route a
// learner, a director or a visitor reaches; an administrator's preview link opens its page as a learner sees it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { signPreviewToken } from '../../../src/server/course-drafts/preview-token.ts';
import { users } from '../../../src/server/db/schema.ts';
import { pageLocals } from '../../../src/server/pages/locals.ts';
import { PageCache } from '../../../src/server/pages/page-cache.ts';
import { GROUPS, ROLES, setUp } from '../learning-support.ts';
import { expectRefused, useApi, validCourse, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const OUTSIDERS = ['anonymous', 'learner', 'director'] as const;
const TITLE = 'Secret draft course';
const LANGS = LOCALES.map((l) => l.code);

/** A course as "Add course" makes it, with a title of its own in Arabic: a draft. */
async function addDraft(): Promise<string> {
  const json = { ...validCourse({ title: TITLE, translations: { ar: { title: 'مسودة سرية' } } }), status: 'draft' as const };
  const made = await reply(as('admin').courses.$post({ json }));
  expect(made.status).toBe(201);
  return made.json as string;
}

const previewOf = async (id: string) => (await reply(as('admin').courses[':id'].preview.$post({ param: { id } }))).json as { token: string; expiresAt: string };

beforeEach(() => setUp(api()));

describe('a course never published', () => {
  it.each(OUTSIDERS)('is in no route %s reaches, in any language: catalogue, course, progress, My learning, launch, the CSV', async (who) => {
    const id = await addDraft();
    const caller = ROLES[who];
    for (const lang of LANGS) {
      const list = await reply(as(caller).courses.$get({ query: { lang } }));
      expect(list.status).toBe(200);
      expect(list.json.map((c: { id: string }) => c.id)).not.toContain(id);
      await expectRefused(api(), (a) => a.as(caller).courses[':id'].$get({ param: { id }, query: { lang } }), 404);
    }
    await expectRefused(api(), (a) => a.as(caller).courses[':id'].preview.$post({ param: { id } }), who === 'anonymous' ? 401 : 403);
    if (who === 'anonymous') return;
    await expectRefused(api(), (a) => a.as(caller).progress.$get({ query: { course: id } }), 404);
    const learning = await reply(as(caller).learning.$get({ query: {} }));
    expect(learning.status).toBe(200);
    expect(JSON.stringify(learning.json)).not.toContain(TITLE);
    await expectRefused(api(), (a) => a.as(caller).launch.$post({ json: { course: id, level: 1, case: 1 } }), 404);
    if (who === 'director') {
      const csv = await reply(as(caller).groups[':id']['export.csv'].$get({ param: { id: GROUPS.fellowship }, query: {} }));
      expect(csv.status).toBe(200);
      expect(csv.json).not.toContain(TITLE);
    }
  });

  it('is in none of what the pages render from: the catalogue in every language, the course page, the plans on sale', async () => {
    const id = await addDraft();
    const locals = pageLocals(api().deps);
    for (const lang of LANGS) {
      expect((await locals.catalogue.summaries(lang)).json).not.toContain(id);
      expect(await locals.catalogue.course(id, lang)).toBeNull();
      expect(JSON.stringify(await locals.pricingFacts(lang))).not.toContain(TITLE);
    }
  });

  it('is listed to administrators as a draft, opened by their editor, and shown in their preview in every language', async () => {
    const id = await addDraft();
    expect((await reply(as('admin')['course-drafts'].$get())).json).toContainEqual({ id, title: TITLE, status: 'draft', pending: true });
    expect((await reply(as('admin').courses[':id'].draft.$get({ param: { id } }))).json).toMatchObject({ status: 'draft', course: { title: TITLE } });
    const { token, expiresAt } = await previewOf(id);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(60 * 60 * 1000);
    const locals = pageLocals(api().deps);
    expect(await locals.coursePreview(id, token, 'en')).toMatchObject({ status: 'draft', pending: true, course: { id, title: TITLE } });
    expect((await locals.coursePreview(id, token, 'ar'))?.course.title).toBe('مسودة سرية');
    expect((await locals.coursePreview(id, token, 'ru'))?.course.title).toBe(TITLE);
  });
});

describe('a preview link', () => {
  it('is asked for by administrators only, for a course that exists', async () => {
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].preview.$post({ param: { id: 'no-such-course' } }), 404);
    for (const who of ['anonymous', 'learner', 'director'] as const) {
      await expectRefused(api(), (a) => a.as(ROLES[who]).courses[':id'].preview.$post({ param: { id: 'lr-course' } }), who === 'anonymous' ? 401 : 403);
    }
  });

  it('shows the saved draft of a published course, and nothing else: no other course, no forged, foreign or stale token', async () => {
    const id = 'lr-course';
    await reply(as('admin').courses[':id'].draft.$put({ param: { id }, json: { ...validCourse({ title: 'Edited title' }) } as never }));
    const { token } = await previewOf(id);
    const locals = pageLocals(api().deps);
    expect(await locals.coursePreview(id, token, 'en')).toMatchObject({ status: 'published', pending: true, course: { title: 'Edited title' } });
    // Learners still see the published version.
    expect((await locals.catalogue.course(id))?.value.title).toBe('Laser course');
    const other = await addDraft();
    expect(await locals.coursePreview(other, token, 'en')).toBeNull();
    expect(await locals.coursePreview(id, `${token}x`, 'en')).toBeNull();
    expect(await locals.coursePreview(id, '', 'en')).toBeNull();
    const secret = api().deps.config.launchSecret;
    const learners = await signPreviewToken(secret, { uid: 'learner', course: id });
    expect(await locals.coursePreview(id, learners.token, 'en')).toBeNull();
    const old = await signPreviewToken(secret, { uid: 'admin', course: id }, new Date(Date.now() - 3 * 60 * 60 * 1000));
    expect(await locals.coursePreview(id, old.token, 'en')).toBeNull();
    const elsewhere = await signPreviewToken('another-secret-of-at-least-32-characters', { uid: 'admin', course: id });
    expect(await locals.coursePreview(id, elsewhere.token, 'en')).toBeNull();
  });

  it('stops opening the preview once its administrator is one no longer', async () => {
    const { token } = await previewOf('lr-course');
    const locals = pageLocals(api().deps);
    expect(await locals.coursePreview('lr-course', token, 'en')).not.toBeNull();
    await api().deps.db.db.update(users).set({ isAdmin: false }).where(eq(users.id, 'admin'));
    expect(await locals.coursePreview('lr-course', token, 'en')).toBeNull();
  });

  it('is never kept by the page cache: each preview address renders again', async () => {
    const cache = new PageCache();
    let renders = 0;
    const render = (res: ServerResponse) => {
      renders++;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>preview</p>');
      return Promise.resolve();
    };
    const server = createServer((req: IncomingMessage, res) => void cache.serve(req, res, render));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (let i = 0; i < 2; i++) await (await fetch(`http://127.0.0.1:${port}/ar/courses/lr-course?preview=t&plan=none`)).text();
      expect(renders).toBe(2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
