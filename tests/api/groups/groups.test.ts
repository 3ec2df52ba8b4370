import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { formatDay } from '../../../src/domain/format.ts';
import { stripInvisible } from '../../../src/domain/text.ts';
import { DICTIONARIES } from '../../../src/i18n/index.ts';
import { courses, users } from '../../../src/server/db/schema.ts';
import { attempt, COURSE, GROUPS, passAll, setUp, TOKENS } from '../learning-support.ts';
import { parseCsv } from '../csv-support.ts';
import { auditTrail, expectRawRefused, expectRefused, useApi, typedClient, oneCourse } from '../support.ts';

describe('groups', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('are created by an admin, who invites members by email (any case), who join by accepting, and names directors, all audited', async () => {
    await setUp(api());
    const created = await reply(as('admin').groups.$post({ json: { name: '  Fetal fellowship  ' } }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Fetal fellowship', members: 0, directors: 0, people: [] });
    const id = created.json.id;
    const invited = await reply(as('admin').groups[':id'].members.$post({ param: { id }, json: { email: 'LEARNER@example.com', role: 'member' } }));
    expect(invited.json).toMatchObject({ members: 0, invitations: [{ email: 'learner@example.com', role: 'member' }] });
    const [invitation] = (await reply(as('learner').learning.groups.$get({}))).json.invitations;
    expect((await reply(as('learner').learning.invitations[':id'].accept.$post({ param: { id: invitation!.id } }))).status).toBe(200);
    const res = await reply(as('admin').groups[':id'].members.$post({ param: { id }, json: { email: 'other@example.com', role: 'director' } }));
    expect(res.json).toMatchObject({ members: 1, directors: 1, invitations: [] });
    expect(res.json.people.map((p: any) => [p.userId, p.role, p.name])).toEqual([
      ['other', 'director', 'Otto Other'],
      ['learner', 'member', 'Lea Learner'],
    ]);
    // Naming someone again changes their role.
    expect((await reply(as('admin').groups[':id'].members.$post({ param: { id }, json: { email: 'other@example.com', role: 'member' } }))).json).toMatchObject({
      members: 2,
      directors: 0,
    });
    const trail = await auditTrail(api(), `?entity=group&id=${id}`);
    expect(trail.map((e) => [e.actor, e.action])).toEqual([
      ['admin', 'update'],
      ['admin', 'create'],
      ['learner', 'create'],
      ['admin', 'create'],
      ['admin', 'create'],
    ]);
    expect(trail[0]).toMatchObject({ actor: 'admin', before: { userId: 'other', role: 'director' }, after: { userId: 'other', role: 'member' } });
  });

  it('refuse unknown emails, unknown groups, bad roles and names, changing nothing', async () => {
    await setUp(api());
    await expectRefused(
      api(),
      (a) => a.as('admin').groups[':id'].members.$post({ param: { id: GROUPS.fellowship }, json: { email: 'nobody@example.com', role: 'member' } }),
      404,
    );
    await expectRefused(
      api(),
      (a) => a.as('admin').groups[':id'].members.$post({ param: { id: 'nope' }, json: { email: 'other@example.com', role: 'member' } }),
      404,
    );
    await expectRawRefused(api(), 'POST', `/groups/${GROUPS.fellowship}/members`, { as: 'admin', body: { email: 'other@example.com', role: 'owner' } }, 400);
    await expectRefused(
      api(),
      (a) => a.as('admin').groups[':id'].members.$post({ param: { id: GROUPS.fellowship }, json: { email: 'not-an-email', role: 'member' } }),
      400,
    );
    await expectRefused(api(), (a) => a.as('admin').groups.$post({ json: { name: '   ' } }), 400);
    await expectRawRefused(api(), 'POST', '/groups', { as: 'admin', body: { name: 'x', extra: 1 } }, 400);
    await expectRefused(api(), (a) => a.as('admin').groups[':id'].$put({ param: { id: 'nope' }, json: { name: 'x' } }), 404);
    await expectRefused(api(), (a) => a.as('admin').groups[':id'].members[':userId'].$delete({ param: { id: GROUPS.fellowship, userId: 'other' } }), 404);
  });

  it('are listed whole for admins, as the groups they direct for directors, and empty for learners', async () => {
    await setUp(api());
    expect((await reply(as('admin').groups.$get({}))).json.map((g: any) => g.name)).toEqual(['Fellowship 2026', 'Residency']);
    expect((await reply(as(TOKENS.director).groups.$get({}))).json).toEqual([expect.objectContaining({ id: GROUPS.fellowship, members: 1, directors: 1 })]);
    expect((await reply(as('learner').groups.$get({}))).json).toEqual([]);
  });

  it("show their director each member's progress, certificates and CSV, one row per member and case", async () => {
    await setUp(api());
    await passAll(api(), 'learner');
    await attempt(api(), 'other', 1, 1, 99);
    const progress = await reply(as(TOKENS.director).groups[':id'].progress.$get({ param: { id: GROUPS.fellowship } }));
    expect(progress.status).toBe(200);
    expect(progress.json.courses).toEqual([{ id: COURSE, title: 'Laser course' }]);
    expect(progress.json.members).toEqual([
      {
        userId: 'learner',
        email: 'learner@example.com',
        name: 'Lea Learner',
        courses: [
          {
            courseId: COURSE,
            title: 'Laser course',
            passed: 3,
            total: 3,
            percent: 100,
            attempts: 3,
            complete: true,
            certificate: expect.objectContaining({ revoked: false }),
          },
        ],
      },
    ]);
    const csv = await api().app.request(`/api/groups/${GROUPS.fellowship}/export.csv`, { headers: { authorization: `Bearer ${TOKENS.director}` } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="group-Fellowship-2026.csv"');
    const text = (await csv.text()).replace(/^\ufeff/, '');
    expect(text.endsWith('"\r\n')).toBe(true);
    const rows = parseCsv(text, ',');
    expect(rows[0]!.join(',')).toBe(
      'member_name,member_email,course_id,course_title,module,module_title,case,case_title,pass_mark,state,best_score,attempts,passed_at,course_percent,certificate_id,certificate_status,certificate_kind,certificate_sittings,last_attempt_at,due_at,late',
    );
    expect(rows).toHaveLength(4);
    // A certificate id is random: one that begins with "-" goes out behind a quote, as every cell a spreadsheet would read as a formula.
    expect(rows[1]!.join('|')).toMatch(
      new RegExp(
        `^Lea Learner\\|learner@example.com\\|${COURSE}\\|Laser course\\|1\\|Module A\\|1\\|A1\\|60\\|passed\\|90\\|1\\|[0-9T:.-]+Z\\|100\\|(?:[A-Za-z0-9_]|'-)[A-Za-z0-9_-]{21}\\|valid\\|completion\\|\\|[0-9T:.-]+Z\\|\\|$`,
      ),
    );
    expect(rows[3]!.slice(4, 12)).toEqual(['2', 'Module B', '1', 'B1', '70', 'passed', '75', '1']);
  });

  it('export for a person in their language: headers, states, certificate words and dates translated, the last attempt, the separator of their spreadsheets or the one chosen', async () => {
    await setUp(api());
    await passAll(api(), 'learner');
    const file = async (query: string, separator: ',' | ';') =>
      parseCsv(
        (
          await (
            await api().app.request(`/api/groups/${GROUPS.fellowship}/export.csv?${query}`, { headers: { authorization: `Bearer ${TOKENS.director}` } })
          ).text()
        ).replace(/^\ufeff/, ''),
        separator,
      );
    const standing = oneCourse((await reply(as(TOKENS.director).progress.$get({ query: { course: COURSE, userId: 'learner' } }))).json) as any;
    const passedAt = standing.modules[0].cases[0].passedAt as string;
    // Spanish spreadsheets split on semicolons: Spanish words, Spanish days.
    const es = await file('lang=es', ';');
    expect(es[0]).toHaveLength(21);
    expect(es[0]!.slice(0, 2)).toEqual([DICTIONARIES.es['csv.member'], DICTIONARIES.es['common.email']]);
    expect(es[0]!.at(-3)).toBe(DICTIONARIES.es['csv.lastAttempt']);
    const [first] = es.slice(1);
    expect(first![9]).toBe(DICTIONARIES.es['csv.state.passed']);
    expect(first![12]).toBe(formatDay('es', passedAt, 'UTC'));
    expect(first!.slice(15, 17)).toEqual([DICTIONARIES.es['csv.certificate.valid'], DICTIONARIES.es['cert.kind.completion']]);
    // The only attempt at this case is the one that passed it: the last attempt is that day.
    expect(first![18]).toBe(formatDay('es', passedAt, 'UTC'));
    // A comma when the reader chooses it; the same cells.
    expect((await file('lang=es&separator=comma', ','))[1]).toEqual(first);
    // English and Arabic readers get their words, with commas.
    expect((await file('lang=en', ','))[0]!.slice(0, 2)).toEqual(['Member', 'Email']);
    expect((await file('lang=ar', ','))[1]![9]).toBe(DICTIONARIES.ar['csv.state.passed']);
    await expectRawRefused(api(), 'GET', `/groups/${GROUPS.fellowship}/export.csv?separator=tab`, { as: TOKENS.director }, 400);
  });

  it('export hostile names as text a spreadsheet will not run', async () => {
    await setUp(api());
    await reply(
      as('admin').courses[':id'].$put({
        param: { id: COURSE },
        json: {
          title: '=HYPERLINK("http://x")',
          subtitle: 's',
          levels: [{ id: 'm1', title: 'M, "one"', active: true, cases: [{ id: 'm1c1', title: '+1', bubbles: [] }] }],
        },
      }),
    );
    await attempt(api(), 'learner', 1, 1, 50);
    const text = await (
      await api().app.request(`/api/groups/${GROUPS.fellowship}/export.csv`, { headers: { authorization: `Bearer ${TOKENS.director}` } })
    ).text();
    expect(text).toContain(`,"'=HYPERLINK(""http://x"")","1","M, ""one""","1","'+1","70","attempted","50",`);
  });

  it('export typed text that starts with =, +, -, @, a tab or a carriage return behind a quote mark', async () => {
    await setUp(api());
    // Written straight to the database: the API trims titles, but older rows and imported names need not be.
    await api()
      .deps.db.db.update(courses)
      .set({
        title: '=1+1',
        levels: [
          {
            id: 'm1',
            title: '-2+3',
            active: true,
            cases: [
              { id: 'm1c1', title: '+A1', bubbles: [], passMark: 60 },
              { id: 'm1c2', title: '\tA2', bubbles: [] },
            ],
          },
          { id: 'm2', title: 'Hidden', active: false, cases: [{ id: 'm2c1', title: 'H1', bubbles: [] }] },
          { id: 'm3', title: '@SUM(B1)', active: true, cases: [{ id: 'm3c1', title: '\rB1', bubbles: [] }] },
        ],
      })
      .where(eq(courses.id, COURSE));
    // A sign inside a value starts no formula: the address is written as it is.
    await api().deps.db.db.update(users).set({ email: 'lea+csv@example.com' }).where(eq(users.id, 'learner'));
    await api().deps.catalogue.changed();
    await attempt(api(), 'learner', 1, 1, 50);
    const res = await api().app.request(`/api/groups/${GROUPS.fellowship}/export.csv`, { headers: { authorization: `Bearer ${TOKENS.director}` } });
    const rows = parseCsv((await res.text()).replace(/^\ufeff/, ''), ',').slice(1);
    expect(rows).toEqual([
      [
        'Lea Learner',
        'lea+csv@example.com',
        COURSE,
        "'=1+1",
        '1',
        "'-2+3",
        '1',
        "'+A1",
        '60',
        'attempted',
        '50',
        '1',
        '',
        '0',
        '',
        '',
        '',
        '',
        expect.stringMatching(/^[0-9T:.-]+Z$/),
        '',
        '',
      ],
      ['Lea Learner', 'lea+csv@example.com', COURSE, "'=1+1", '1', "'-2+3", '2', "'\tA2", '70', 'not started', '', '0', '', '0', '', '', '', '', '', '', ''],
      [
        'Lea Learner',
        'lea+csv@example.com',
        COURSE,
        "'=1+1",
        '2',
        "'@SUM(B1)",
        '1',
        "'\rB1",
        '70',
        'not started',
        '',
        '0',
        '',
        '0',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
  });

  it('export a name that hides a formula behind a semicolon or invisible characters as one inert cell, read with , or ; as the separator', async () => {
    await setUp(api());
    const hostile = ["Lea;=cmd|' /C calc'!A0", '\u200B=1+1', ' @SUM(A1)', 'Lea,;+1'];
    for (const [i, name] of hostile.entries()) {
      await api().deps.db.db.update(users).set({ name }).where(eq(users.id, 'learner'));
      await attempt(api(), 'learner', 1, 1, 40 + i);
      const res = await api().app.request(`/api/groups/${GROUPS.fellowship}/export.csv`, { headers: { authorization: `Bearer ${TOKENS.director}` } });
      const text = (await res.text()).replace(/^\ufeff/, '');
      for (const separator of [',', ';'] as const) {
        const cells = parseCsv(text, separator).flat();
        expect(
          cells.filter((cell) => /^[=+\-@\t\r]/.test(stripInvisible(cell).trimStart())),
          `${name} read with ${separator}`,
        ).toEqual([]);
      }
      const inert = /^[=+\-@]/.test(stripInvisible(name).trimStart()) ? `'${name}` : name;
      expect(
        parseCsv(text, ',')
          .slice(1)
          .map((row) => row[0]),
      ).toEqual([inert, inert, inert]);
    }
  });

  it('export every member, one who has not begun included: a row of their own, not started, or every case of the courses they hold', async () => {
    await setUp(api());
    const csvOf = async () =>
      parseCsv(
        (
          await (await api().app.request(`/api/groups/${GROUPS.fellowship}/export.csv`, { headers: { authorization: `Bearer ${TOKENS.director}` } })).text()
        ).replace(/^\ufeff/, ''),
        ',',
      );
    // Nobody has played, nobody holds a course: the file still names the member.
    const rows = await csvOf();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(['Lea Learner', 'learner@example.com', '', '', '', '', '', '', '', 'not started', '', '', '', '', '', '', '', '', '', '', '']);
    // A member who holds the course lists each of its cases, not started.
    await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: { isAdmin: false, isPremium: true, subscriptions: [] } }));
    const held = (await csvOf()).slice(1).filter((r) => r[2] === COURSE);
    expect(held.map((r) => [r[0], r[7], r[9], r[11]])).toEqual([
      ['Lea Learner', 'A1', 'not started', '0'],
      ['Lea Learner', 'A2', 'not started', '0'],
      ['Lea Learner', 'B1', 'not started', '0'],
    ]);
    const progress = await reply(as(TOKENS.director).groups[':id'].progress.$get({ param: { id: GROUPS.fellowship } }));
    expect(progress.json.courses.map((c: any) => c.id)).toContain(COURSE);
  });

  it('stop showing a removed director anything at once', async () => {
    await setUp(api());
    expect((await reply(as(TOKENS.director).groups[':id'].$get({ param: { id: GROUPS.fellowship } }))).status).toBe(200);
    expect((await reply(as(TOKENS.director).progress.$get({ query: { userId: 'learner' } }))).status).toBe(200);
    const res = await reply(as('admin').groups[':id'].members[':userId'].$delete({ param: { id: GROUPS.fellowship, userId: 'director' } }));
    expect(res.json).toMatchObject({ directors: 0 });
    // The group's own answers say why, so a page open in another tab or session can tell the director.
    for (const path of [`/groups/${GROUPS.fellowship}`, `/groups/${GROUPS.fellowship}/progress`, `/groups/${GROUPS.fellowship}/export.csv`]) {
      await expectRawRefused(api(), 'GET', path, { as: TOKENS.director }, 403, ErrorCode.noLongerDirector);
    }
    const invite = { emails: ['new@example.com'], role: 'member' };
    await expectRawRefused(api(), 'POST', `/groups/${GROUPS.fellowship}/invitations`, { as: TOKENS.director, body: invite }, 403, ErrorCode.noLongerDirector);
    // So do a member's progress, certificates and attempts, which the director read through the group.
    for (const path of ['/progress?userId=learner', '/certificates?userId=learner', '/attempts?userId=learner']) {
      await expectRawRefused(api(), 'GET', path, { as: TOKENS.director }, 403, ErrorCode.noLongerDirector);
      await expectRawRefused(api(), 'GET', path, { as: TOKENS.elsewhere }, 403, ErrorCode.forbidden);
    }
    expect((await reply(as(TOKENS.director).groups.$get({}))).json).toEqual([]);
    // Someone who never directed the group is refused without a reason of that kind.
    await expectRefused(api(), (a) => a.as(TOKENS.elsewhere).groups[':id'].$get({ param: { id: GROUPS.fellowship } }), 403, ErrorCode.forbidden);
    await expectRefused(api(), (a) => a.as('learner').groups[':id'].$get({ param: { id: GROUPS.fellowship } }), 403, ErrorCode.forbidden);
  });

  it('tell a director made a member of the group that they no longer direct it', async () => {
    await setUp(api());
    await api().deps.db.db.update(users).set({ emailVerified: true }).where(eq(users.id, 'director'));
    const made = await reply(
      as('admin').groups[':id'].members.$post({ param: { id: GROUPS.fellowship }, json: { email: 'dee.director@example.com', role: 'member' } }),
    );
    expect(made.json).toMatchObject({ directors: 0 });
    await expectRefused(api(), (a) => a.as(TOKENS.director).groups[':id'].progress.$get({ param: { id: GROUPS.fellowship } }), 403, ErrorCode.noLongerDirector);
    // Named director again, they see it again.
    await reply(as('admin').groups[':id'].members.$post({ param: { id: GROUPS.fellowship }, json: { email: 'dee.director@example.com', role: 'director' } }));
    expect((await reply(as(TOKENS.director).groups[':id'].$get({ param: { id: GROUPS.fellowship } }))).status).toBe(200);
  });

  it('are renamed and deleted by admins; members keep their records', async () => {
    await setUp(api());
    await passAll(api(), 'learner');
    const cert = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect((await reply(as('admin').groups[':id'].$put({ param: { id: GROUPS.fellowship }, json: { name: 'Fellowship 2027' } }))).json.name).toBe(
      'Fellowship 2027',
    );
    expect((await reply(as('admin').groups[':id'].$delete({ param: { id: GROUPS.fellowship } }))).status).toBe(204);
    await expectRefused(api(), (a) => a.as('admin').groups[':id'].$get({ param: { id: GROUPS.fellowship } }), 404);
    expect((await reply(as(null).certificates[':id'].$get({ param: { id: cert.certificate!.id } }))).json.status).toBe('valid');
    const [deleted] = await auditTrail(api(), `?entity=group&id=${GROUPS.fellowship}`);
    expect(deleted).toMatchObject({ action: 'delete', before: { name: 'Fellowship 2027', members: 1, directors: 1 }, after: null });
  });

  it('take back what GET answers: read, rename, send it back, read the change; the counts and people are read-only', async () => {
    await setUp(api());
    const read = (await reply(as('admin').groups[':id'].$get({ param: { id: GROUPS.fellowship } }))).json;
    expect(read).toMatchObject({ id: GROUPS.fellowship, members: 1, directors: 1 });
    const res = await reply(as('admin').groups[':id'].$put({ param: { id: GROUPS.fellowship }, json: { ...read, name: 'Fellowship 2027' } }));
    expect(res).toMatchObject({ status: 200, json: { ...read, name: 'Fellowship 2027' } });
    expect((await reply(as('admin').groups[':id'].$get({ param: { id: GROUPS.fellowship } }))).json).toEqual({ ...read, name: 'Fellowship 2027' });
    const changed = { ...read, name: 'Renamed', members: 5, people: [] };
    const refused = await expectRefused(api(), (a) => a.as('admin').groups[':id'].$put({ param: { id: GROUPS.fellowship }, json: changed }), 400);
    expect(refused.json.issues).toEqual([
      { path: 'members', message: expect.stringContaining('read-only') },
      { path: 'people', message: expect.stringContaining('read-only') },
    ]);
  });
});
