import { eq } from 'drizzle-orm';
import { siteOrigin } from '../../../src/server/config.ts';
import { issueOwedCertificates } from '../../../src/server/certificates/index.ts';
import { certificatePdf } from '../../../src/server/certificates/certificate-pdf.ts';
import { certificates, users } from '../../../src/server/db/schema.ts';
import { describe, expect, it } from 'vitest';
import { play, tokenFor } from '../attempt-support.ts';
import { attempt, COURSE, GROUPS, passAll, pdfText, setUp, TOKENS } from '../learning-support.ts';
import { ARABIC, lineOf } from '../pdf-lines.ts';
import { auditTrail, expectRawRefused, expectRefused, useApi, typedClient, oneCourse } from '../support.ts';
import type { TestApi } from '../harness.ts';

async function issued(api: TestApi, uid = 'learner'): Promise<string> {
  await passAll(api, uid);
  return oneCourse((await api.reply(api.as(uid).progress.$get({ query: { course: COURSE } }))).json).certificate!.id;
}

async function pdf(api: TestApi, id: string, as: string, lang = 'en', headers: Record<string, string> = {}) {
  const bearer = (api.tokens as Record<string, string>)[as] ?? as;
  const res = await api.app.request(`/api/certificates/${id}/pdf?lang=${lang}`, { headers: { ...headers, authorization: `Bearer ${bearer}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    cache: res.headers.get('x-cache'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

describe('certificates', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('are verified publicly with nothing but status, holder, course, date and the cases assessed', async () => {
    await setUp(api());
    const id = await issued(api());
    const res = await reply(as(null).certificates[':id'].$get({ param: { id } }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id,
      status: 'valid',
      holderName: 'Lea Learner',
      courseTitle: 'Laser course',
      completedAt: expect.any(String),
      revokedAt: null,
      kind: 'completion',
      sittings: [],
      assessedCases: [],
    });
    await expectRefused(api(), (a) => a.as(null).certificates[':id'].$get({ param: { id: 'AAAAAAAAAAAAAAAAAAAAAA' } }), 404);
  });

  it("are listed for their holder, the holder's director and admins", async () => {
    await setUp(api());
    const id = await issued(api());
    for (const who of ['learner', 'admin', TOKENS.director]) {
      const query = who === 'learner' ? {} : { userId: 'learner' };
      expect((await reply(as(who).certificates.$get({ query }))).json).toEqual([
        expect.objectContaining({ id, courseId: COURSE, courseTitle: 'Laser course', revoked: false, kind: 'completion', sittings: [] }),
      ]);
    }
    expect((await reply(as('other').certificates.$get({ query: {} }))).json).toEqual([]);
    for (const as of ['other', TOKENS.elsewhere]) await expectRefused(api(), (a) => a.as(as).certificates.$get({ query: { userId: 'learner' } }), 403);
    await expectRefused(api(), (a) => a.as(null).certificates.$get({ query: {} }), 401);
  });

  it('download as a PDF with the name, the course, the passed cases and the verification address (ours, whatever Host the request named)', async () => {
    await setUp(api());
    const id = await issued(api());
    const res = await pdf(api(), id, 'learner', 'en', { host: 'phish.example' });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.disposition).toBe(`attachment; filename="certificate-${COURSE}.pdf"`);
    const text = await pdfText(res.bytes);
    for (const part of [
      'Certificate of completion',
      'Earned in practice',
      'Lea Learner',
      'Laser course',
      'A1',
      'A2',
      'B1',
      `${siteOrigin(api().deps.config)}/certificates/${id}`,
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Hidden');
  });

  it('print in Arabic right to left, keeping the Latin name and the address whole', async () => {
    await setUp(api());
    const id = await issued(api());
    const res = await pdf(api(), id, 'learner', 'ar');
    expect(res.status).toBe(200);
    // The first case's line reads from the right: module 1, case 1: A1, score 90, pass mark 60 furthest left.
    expect((await lineOf(res.bytes, /A1/)).filter((piece) => /[A-Za-z0-9]/.test(piece))).toEqual([
      expect.stringContaining('60'),
      expect.stringContaining('90'),
      expect.stringContaining('A1'),
      '1',
    ]);
    const text = await pdfText(res.bytes);
    expect(text).toContain('Lea Learner');
    expect(text).toContain(`${siteOrigin(api().deps.config)}/ar/certificates/${id}`);
    // Arabic is stored in the order it is drawn, right to left: the title reads backwards in the extracted text.
    expect(text.normalize('NFKC')).toMatch(/[\u0600-\u06ff]/);
  });

  it('render once per certificate, language and address, then come from memory until revoked', async () => {
    await setUp(api());
    const id = await issued(api());
    const first = await pdf(api(), id, 'learner');
    expect(first.cache).toBe('miss');
    const again = await pdf(api(), id, 'learner');
    expect(again.cache).toBe('hit');
    expect(again.bytes).toEqual(first.bytes);
    // The same certificate in the same language is the same document for every reader.
    expect((await pdf(api(), id, 'admin')).cache).toBe('hit');
    expect((await pdf(api(), id, 'learner', 'ar')).cache).toBe('miss');
    expect((await pdf(api(), id, 'learner', 'ar')).cache).toBe('hit');
    const config = api().deps.config;
    const siteUrl = config.siteUrl;
    try {
      config.siteUrl = 'https://academy.example';
      const moved = await pdf(api(), id, 'learner');
      expect(moved.cache).toBe('miss');
      expect(await pdfText(moved.bytes)).toContain(`https://academy.example/certificates/${id}`);
    } finally {
      config.siteUrl = siteUrl;
    }
    expect((await pdf(api(), id, 'learner')).cache).toBe('hit');
    expect((await pdf(api(), await issued(api(), 'other'), 'other')).cache).toBe('miss');
    await reply(as('admin').certificates[':id'].revoke.$post({ param: { id }, json: { reason: 'Fraud' } }));
    await expectRefused(api(), (a) => a.as('learner').certificates[':id'].pdf.$get({ param: { id }, query: {} }), 409);
  });

  it("download for the holder's director and admins, not for other learners or directors", async () => {
    await setUp(api());
    const id = await issued(api());
    for (const as of ['admin', TOKENS.director]) expect((await pdf(api(), id, as)).status).toBe(200);
    for (const as of ['other', TOKENS.elsewhere]) await expectRefused(api(), (a) => a.as(as).certificates[':id'].pdf.$get({ param: { id }, query: {} }), 403);
    await expectRefused(api(), (a) => a.as(null).certificates[':id'].pdf.$get({ param: { id }, query: {} }), 401);
    await expectRawRefused(api(), 'GET', `/certificates/${id}/pdf?lang=xx`, { as: 'learner' }, 400);
    await expectRefused(api(), (a) => a.as('learner').certificates[':id'].pdf.$get({ param: { id: 'nope' }, query: {} }), 404);
  });

  it('are revoked by admins only, audited, once; a revoked one verifies as revoked and no longer downloads', async () => {
    await setUp(api());
    const id = await issued(api());
    for (const as of ['learner', TOKENS.director])
      await expectRefused(api(), (a) => a.as(as).certificates[':id'].revoke.$post({ param: { id }, json: { reason: 'x' } }), 403);
    await expectRefused(api(), (a) => a.as('admin').certificates[':id'].revoke.$post({ param: { id }, json: { reason: ' ' } }), 400);
    await expectRefused(api(), (a) => a.as('admin').certificates[':id'].revoke.$post({ param: { id: 'nope' }, json: { reason: 'Fraud' } }), 404);
    const res = await reply(as('admin').certificates[':id'].revoke.$post({ param: { id }, json: { reason: 'Attempts played by someone else' } }));
    expect(res.json).toMatchObject({ id, status: 'revoked', revokedAt: expect.any(String) });
    expect((await reply(as(null).certificates[':id'].$get({ param: { id } }))).json.status).toBe('revoked');
    const [entry] = await auditTrail(api(), `?entity=certificate&id=${id}`);
    expect(entry).toMatchObject({
      actor: 'admin',
      action: 'revoke',
      before: { revoked: false },
      after: { revoked: true, reason: 'Attempts played by someone else' },
    });
    await expectRefused(api(), (a) => a.as('admin').certificates[':id'].revoke.$post({ param: { id }, json: { reason: 'Again' } }), 409);
    await expectRefused(api(), (a) => a.as('learner').certificates[':id'].pdf.$get({ param: { id }, query: {} }), 409);
    // Passing again does not issue a new one.
    expect(oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json).certificate).toMatchObject({ id, revoked: true });
  });
});

describe('certificate PDFs under the real rate limit', () => {
  const api = useApi({ RATE_LIMIT_SCALE: '1' });
  const { as, reply } = typedClient(api);

  it('are limited to 20 a minute per user, answered from memory when asked again', async () => {
    await setUp(api());
    const id = await issued(api());
    for (let i = 0; i < 20; i += 1) expect(await pdf(api(), id, 'learner')).toMatchObject({ status: 200, cache: i === 0 ? 'miss' : 'hit' });
    const res = await reply(as('learner').certificates[':id'].pdf.$get({ param: { id }, query: {} }));
    expect(res).toMatchObject({ status: 429, json: { error: 'too_many_requests' } });
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await pdf(api(), id, 'admin')).status).toBe(200);
  });
});

describe('certificates are issued when the completing attempt is stored', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  const held = async () => (await api().deps.db.db.select({ id: certificates.id }).from(certificates)).length;
  /** A database from before: the learner passed every case, and nobody issued their certificate. */
  const completedBefore = async () => {
    await setUp(api());
    for (const [level, caseIndex, score] of [
      [1, 1, 90],
      [1, 2, 80],
      [3, 1, 75],
    ] as const)
      await attempt(api(), 'learner', level, caseIndex, score, { daysAgo: 1, issue: false });
  };

  it('never while a record is read: /progress, /learning and the group export leave the certificates as they are', async () => {
    await completedBefore();
    const progress = await reply(as('learner').progress.$get({ query: { course: COURSE } }));
    expect(progress.json).toMatchObject({ complete: true, certificate: null });
    expect((await reply(as('learner').progress.$get({ query: {} }))).status).toBe(200);
    expect((await reply(as('learner').learning.$get({ query: {} }))).status).toBe(200);
    const csv = await api().app.request(`/api/groups/${GROUPS.fellowship}/export.csv`, { headers: { authorization: `Bearer ${TOKENS.director}` } });
    expect(csv.status).toBe(200);
    expect(await held()).toBe(0);
  });

  it('when POST /attempts stores the attempt that completes the course', async () => {
    await setUp(api());
    await api().deps.db.db.update(users).set({ isPremium: true }).where(eq(users.id, 'learner'));
    await attempt(api(), 'learner', 1, 2, 80, { daysAgo: 2 });
    await attempt(api(), 'learner', 3, 1, 75, { daysAgo: 1 });
    expect(await held()).toBe(0);
    const token = await tokenFor('learner', { where: { course: COURSE, level: 1, case: 1, caseId: 'm1c1' } });
    const played = play(token);
    expect(played.expected.score).toBeGreaterThanOrEqual(60);
    expect((await reply(as('learner').attempts.$post({ json: { token, events: played.events } }))).status).toBe(201);
    expect(await held()).toBe(1);
    const progress = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(progress).toMatchObject({ complete: true, certificate: { courseId: COURSE, kind: 'completion', revoked: false } });
  });

  it("when an administrator's change completes the course for a learner who sends nothing more: a lowered pass mark", async () => {
    await setUp(api());
    await attempt(api(), 'learner', 1, 1, 55, { daysAgo: 3 });
    await attempt(api(), 'learner', 1, 2, 80, { daysAgo: 2 });
    await attempt(api(), 'learner', 3, 1, 75, { daysAgo: 1 });
    expect(await held()).toBe(0);
    const { id: _id, ...course } = (await reply(as(null).courses[':id'].$get({ param: { id: COURSE }, query: {} }))).json;
    course.levels[0]!.cases[0]!.passMark = 50;
    expect((await reply(as('admin').courses[':id'].$put({ param: { id: COURSE }, json: course }))).status).toBe(200);
    expect(await held()).toBe(1);
    expect(oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json)).toMatchObject({
      complete: true,
      certificate: { courseId: COURSE },
    });
  });

  it('once at the first start after the change, for those who completed a course before it', async () => {
    await completedBefore();
    await attempt(api(), 'other', 1, 1, 90, { issue: false });
    expect(await issueOwedCertificates(api().deps.db.db, api().deps.catalogue)).toBe(1);
    expect(oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json).certificate).toMatchObject({ courseId: COURSE });
    // Done once: a later start reads nothing and issues nothing.
    await api().deps.db.db.delete(certificates);
    expect(await issueOwedCertificates(api().deps.db.db, api().deps.catalogue)).toBe(0);
    expect(await held()).toBe(0);
  });
});

describe('an Arabic certificate of text that bites', () => {
  /** Titles and a name that start with digits, Latin inside Arabic and Arabic inside Latin, an id that starts with a digit and a dash. */
  const bytes = async () =>
    new Uint8Array(
      await certificatePdf(
        {
          id: '7-Xk3_9aQ',
          holderName: '2 Lea ليا Learner',
          courseTitle: 'ليزر Fetoscopy للمبتدئين',
          completedAt: new Date('2026-03-04T10:00:00Z'),
          cases: [
            { module: 1, case: 1, title: '2 vessels, 1 artery', score: 90, passMark: 60 },
            { module: 1, case: 2, title: 'حالة TTTS 3', score: 80, passMark: 60 },
            { module: 2, case: 1, title: 'Solomon مع الليزر', score: 75, passMark: 60 },
          ],
          kind: 'completion',
          sittings: [],
          verifyUrl: 'https://academy.example/ar/certificates/7-Xk3_9aQ',
        },
        'ar',
      ),
    );

  /** The pieces with a letter or a digit (PDF.js also reads back some glyphs of the Arabic font as control characters). */
  const drawn = (pieces: string[]) => pieces.filter((piece) => /[\p{L}\p{N}]/u.test(piece));

  it('draws each title, the name and the id whole, in their own order, within lines that read right to left', async () => {
    const pdf = await bytes();
    // Module 1, case 1: the Latin title keeps its leading digit (drawn after it, it would read "vessels, 1 artery 2").
    expect(await lineOf(pdf, /vessels/)).toContainEqual(expect.stringContaining('— 2 vessels, 1 artery :1'));
    // Arabic inside a Latin title stays on the title's right; the case's number and the dash stay outside it.
    const solomon = drawn(await lineOf(pdf, /Solomon/));
    expect(solomon.slice(solomon.indexOf('Solomon'), solomon.indexOf('Solomon') + 3)).toEqual(['Solomon', expect.stringMatching(ARABIC), ':1']);
    // Latin inside an Arabic title: the Arabic word on the right, "TTTS 3" on its left.
    const ttts = drawn(await lineOf(pdf, /TTTS/));
    expect(ttts.slice(ttts.indexOf('— TTTS 3'), ttts.indexOf('— TTTS 3') + 3)).toEqual(['— TTTS 3', expect.stringMatching(ARABIC), ':2']);
    // The holder's name reads from its leading digit, left to right.
    expect((await lineOf(pdf, /Learner/)).filter((piece) => /[A-Za-z0-9]/.test(piece))).toEqual(['2 Lea', 'Learner']);
    // The id, whole and furthest left of its label.
    expect((await lineOf(pdf, /^7-Xk3_9aQ$/))[0]).toBe('7-Xk3_9aQ');
  });
});
