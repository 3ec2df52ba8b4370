import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserListFilter, UserListPage } from '../../../src/api/user-list.ts';
import { toTimestamp } from '../../../src/domain/time.ts';
import { attempts, groupMembers, groups, users } from '../../../src/server/db/schema.ts';
import { DICTIONARIES } from '../../../src/i18n/index.ts';
import { parseCsv } from '../csv-support.ts';
import { CALLERS, expectRawRefused, expectRefused, typedClient, useApi } from '../support.ts';
import type { TestApi } from '../harness.ts';

/** GET /user-list and its CSV: the admins' list of every profile, as /admin-users shows it. */
const api = useApi();
const { as, reply } = typedClient(api);

const DAY = 86_400_000;
const sub = (product_id: string, days: number) => ({
  provider: 'admin',
  plan_name: product_id,
  product_id,
  subscription_id: randomUUID(),
  next_billing_time: toTimestamp(new Date(Date.now() + days * DAY)),
});

/**
 * Beside the three seeded users (Ada Admin, Lea Learner, Otto Other, signed up now): five more signed up on earlier
 * days, with roles, access, plans, a group and attempts that tell each filter and sort apart.
 */
async function people(test: TestApi) {
  const db = test.deps.db.db;
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  await db.insert(users).values([
    { id: 'u-zoe', email: 'zoe.expert@hospital.test', name: 'Zoë Expert', isExpert: true, createdAt: ago(50) },
    { id: 'u-bob', email: 'bob@clinic.test', name: 'bob Director', createdAt: ago(40) },
    { id: 'u-pat', email: 'pat@clinic.test', name: 'Pat Premium', isPremium: true, createdAt: ago(30) },
    { id: 'u-sam', email: 'sam@uni.test', name: 'Sam Subscribed', subscriptions: [sub('plan-fetoscopy', 30)], createdAt: ago(20) },
    { id: 'u-eve', email: 'eve@uni.test', name: '=Eve Expired', subscriptions: [sub('plan-complete', -1)], createdAt: ago(10) },
  ]);
  await db.insert(groups).values({ id: 'g-1', name: 'Fellowship' });
  await db.insert(groupMembers).values([
    { groupId: 'g-1', userId: 'u-bob', role: 'director' },
    { groupId: 'g-1', userId: 'u-sam', role: 'member' },
  ]);
  const played = (userId: string, daysAgo: number) => ({
    id: randomUUID(),
    userId,
    courseId: 'fetoscopy-simulator',
    caseId: 'm1c1',
    level: 1,
    caseIndex: 1,
    score: 50,
    metrics: {},
    createdAt: ago(daysAgo),
  });
  await db.insert(attempts).values([played('u-sam', 5), played('u-sam', 1), played('u-pat', 3), played('learner', 7)]);
}

const list = async (query: UserListFilter & { limit?: string; offset?: string } = {}) => {
  const res = await reply(as('admin')['user-list'].$get({ query }));
  expect(res.status).toBe(200);
  return res.json as UserListPage;
};
const ids = async (query: Parameters<typeof list>[0] = {}) => (await list({ limit: '100', ...query })).users.map((u) => u.id);

describe('the user list', () => {
  it('shows each profile with its roles, access, plans and last activity, newest sign-up first', async () => {
    await people(api());
    const page = await list();
    expect(page).toMatchObject({ total: 8, limit: 25, offset: 0 });
    expect(page.users.slice(3).map((u) => u.id)).toEqual(['u-eve', 'u-sam', 'u-pat', 'u-bob', 'u-zoe']);
    const sam = page.users.find((u) => u.id === 'u-sam')!;
    expect(sam).toEqual({
      id: 'u-sam',
      email: 'sam@uni.test',
      name: 'Sam Subscribed',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastActiveAt: expect.stringMatching(/Z$/),
      isAdmin: false,
      isPremium: false,
      isExpert: false,
      isDirector: false,
      plans: ['plan-fetoscopy'],
    });
    expect(Date.now() - Date.parse(sam.lastActiveAt!)).toBeGreaterThan(DAY - 60_000);
    expect(Date.now() - Date.parse(sam.lastActiveAt!)).toBeLessThan(DAY + 60_000);
    expect(page.users.find((u) => u.id === 'u-bob')).toMatchObject({ isDirector: true, lastActiveAt: null, plans: [] });
    expect(page.users.find((u) => u.id === 'u-eve')).toMatchObject({ plans: [] });
  });

  it.each([
    ['part of a name, any case', { q: 'EXP' }, ['u-eve', 'u-zoe']],
    ['part of an address', { q: '@clinic' }, ['u-pat', 'u-bob']],
    ['a name with an accent', { q: 'zoë' }, ['u-zoe']],
    ['nothing that matches', { q: 'nobody' }, []],
    ['admins', { role: 'admin' }, ['admin']],
    ['experts', { role: 'expert' }, ['u-zoe']],
    ['directors', { role: 'director' }, ['u-bob']],
    ['learners (no other role)', { role: 'learner' }, ['other', 'learner', 'u-eve', 'u-sam', 'u-pat']],
    ['premium access', { access: 'premium' }, ['u-pat']],
    ['an active subscription', { access: 'subscribed' }, ['u-sam']],
    ['only ended subscriptions', { access: 'expired' }, ['u-eve']],
    ['no access at all', { access: 'none' }, ['other', 'learner', 'u-eve', 'u-bob', 'u-zoe']],
    ['a plan held now', { plan: 'plan-fetoscopy' }, ['u-sam']],
    ['a plan that has ended is not held', { plan: 'plan-complete' }, []],
    ['a group, members and directors', { group: 'g-1' }, ['u-sam', 'u-bob']],
    ['filters together', { group: 'g-1', role: 'learner', q: 'uni' }, ['u-sam']],
  ] as const)('finds by %s', async (_label, query, expected) => {
    await people(api());
    const found = await ids({ ...query, sort: 'createdAt', order: 'desc' });
    // The seeded three signed up at the same moment: their order among themselves is by id.
    expect(found).toEqual(expected);
    expect((await list({ ...query, limit: '1' })).total).toBe(expected.length);
  });

  it('sorts by name, sign-up date and last activity, either way, those who never played last', async () => {
    await people(api());
    expect(await ids({ sort: 'name', order: 'asc' })).toEqual(['u-eve', 'admin', 'u-bob', 'learner', 'other', 'u-pat', 'u-sam', 'u-zoe']);
    expect(await ids({ sort: 'name', order: 'desc' })).toEqual(['u-zoe', 'u-sam', 'u-pat', 'other', 'learner', 'u-bob', 'admin', 'u-eve']);
    expect(await ids({ sort: 'createdAt', order: 'asc' })).toEqual(['u-zoe', 'u-bob', 'u-pat', 'u-sam', 'u-eve', 'admin', 'learner', 'other']);
    expect((await ids({ sort: 'lastActiveAt', order: 'desc' })).slice(0, 3)).toEqual(['u-sam', 'u-pat', 'learner']);
    expect((await ids({ sort: 'lastActiveAt', order: 'asc' })).slice(0, 3)).toEqual(['learner', 'u-pat', 'u-sam']);
    expect((await ids({ sort: 'lastActiveAt', order: 'asc' })).slice(3)).toEqual(['admin', 'other', 'u-bob', 'u-eve', 'u-zoe']);
    expect((await ids({ sort: 'lastActiveAt', order: 'desc' })).slice(3)).toEqual(['u-zoe', 'u-eve', 'u-bob', 'other', 'admin']);
  });

  it('pages through the whole list once, with the total on every page, also past its end', async () => {
    await people(api());
    const seen: string[] = [];
    for (let offset = 0; offset < 8; offset += 3) {
      const page = await list({ sort: 'name', order: 'asc', limit: '3', offset: String(offset) });
      expect(page).toMatchObject({ total: 8, limit: 3, offset });
      seen.push(...page.users.map((u) => u.id));
    }
    expect(seen).toEqual(await ids({ sort: 'name', order: 'asc' }));
    expect(await list({ offset: '50' })).toEqual({ users: [], total: 8, limit: 25, offset: 50 });
    expect(await list({ q: 'nobody', offset: '50' })).toEqual({ users: [], total: 0, limit: 25, offset: 50 });
  });

  it('exports the filtered list as CSV, every field quoted and no cell a formula with , or ; as separator', async () => {
    await people(api());
    const res = await api().app.request('/api/user-list/export.csv?q=uni&sort=name&order=asc', { headers: { authorization: 'Bearer ' + api().tokens.admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte-order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('"name","email","user_id","signed_up","last_active","roles","premium","plans"\r\n')).toBe(true);
    for (const separator of [',', ';'] as const) {
      const rows = parseCsv(text, separator);
      expect(rows).toHaveLength(3);
      for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    const [, eve, sam] = parseCsv(text, ',');
    expect(eve).toEqual(["'=Eve Expired", 'eve@uni.test', 'u-eve', expect.any(String), '', '', 'no', '']);
    expect(sam).toEqual(['Sam Subscribed', 'sam@uni.test', 'u-sam', expect.any(String), expect.stringMatching(/Z$/), '', 'no', 'plan-fetoscopy']);
  });

  it('exports for a person in their language: the screen’s headers, days, yes and no, plan titles not ids, the separator of their spreadsheets or the one chosen', async () => {
    await people(api());
    const file = async (query: string, separator: ',' | ';') =>
      parseCsv(
        (
          await (
            await api().app.request(`/api/user-list/export.csv?q=uni&sort=name&order=asc&${query}`, {
              headers: { authorization: 'Bearer ' + api().tokens.admin },
            })
          ).text()
        ).replace(/^\ufeff/, ''),
        separator,
      );
    const plans = (await reply(as('admin').pricing.$get({ query: { lang: 'fr' } }))).json as Array<{ id: string; title: string }>;
    const fetoscopyFr = plans.find((p) => p.id === 'plan-fetoscopy')!.title;
    const [header, , sam] = await file('lang=fr', ';');
    expect(header).toEqual([
      DICTIONARIES.fr['adminUsers.list.col.name'],
      DICTIONARIES.fr['adminUsers.list.col.email'],
      DICTIONARIES.fr['csv.userId'],
      DICTIONARIES.fr['adminUsers.list.col.createdAt'],
      DICTIONARIES.fr['adminUsers.list.col.lastActive'],
      DICTIONARIES.fr['adminUsers.list.col.roles'],
      DICTIONARIES.fr['adminUsers.list.access.premium'],
      DICTIONARIES.fr['adminUsers.list.col.plans'],
    ]);
    expect(sam!.slice(6)).toEqual([DICTIONARIES.fr['csv.no'], fetoscopyFr]);
    expect(sam![4]).not.toMatch(/Z$/);
    expect((await file('lang=fr&separator=comma', ','))[2]).toEqual(sam);
    const [english, , samEn] = await file('lang=en', ',');
    expect(english![0]).toBe('Name');
    expect(samEn![7]).toBe(
      ((await reply(as('admin').pricing.$get({ query: { lang: 'en' } }))).json as Array<{ id: string; title: string }>).find((p) => p.id === 'plan-fetoscopy')!
        .title,
    );
  });
});

describe('who may read the user list', () => {
  it.each([
    ['anonymous', 401],
    ['learner', 403],
    ['other', 403],
  ] as const)('refuses %s the list and its CSV with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who])['user-list'].$get({ query: {} }), status);
    await expectRefused(api(), (a) => a.as(CALLERS[who])['user-list']['export.csv'].$get({ query: { role: 'admin' } }), status);
  });

  it.each([
    ['a page of none', 'limit=0'],
    ['a page over 100', 'limit=101'],
    ['a negative offset', 'offset=-1'],
    ['an unknown sort', 'sort=email'],
    ['an unknown order', 'order=up'],
    ['an unknown role', 'role=owner'],
    ['an unknown access', 'access=all'],
    ['an unknown parameter', 'email=a@b.test'],
    ['a search over 200 characters', `q=${'a'.repeat(201)}`],
    ['a NUL in the search', 'q=a%00b'],
  ])('refuses %s with 400', async (_label, query) => {
    await expectRawRefused(api(), 'GET', `/user-list?${query}`, { as: 'admin' }, 400);
  });

  it('refuses bad filters on the CSV too', async () => {
    await expectRawRefused(api(), 'GET', '/user-list/export.csv?role=owner', { as: 'admin' }, 400);
    await expectRawRefused(api(), 'GET', '/user-list/export.csv?limit=5', { as: 'admin' }, 400);
  });
});
