import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { DICTIONARIES } from '../../../src/i18n/index.ts';
import { groupMembers } from '../../../src/server/db/schema.ts';
import { COURSE, GROUPS, passAll, ROLES, setUp, TOKENS } from '../learning-support.ts';
import { parseCsv } from '../csv-support.ts';
import { auditTrail, expectRawRefused, expectRefused, useApi, typedClient } from '../support.ts';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe("a group's assignments", () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  const f = GROUPS.fellowship;
  const assign = (who: string, dueAt: string, courseId = COURSE) =>
    reply(as(who).groups[':id'].assignments[':courseId'].$put({ param: { id: f, courseId }, json: { dueAt } }));
  const mails = async () =>
    (await api().call('GET', '/sandbox/messages?service=mail', { as: 'admin' })).json.filter((m: any) => m.body.subject.includes('Reminder'));
  // `other` joins the fellowship beside `learner`, who completes the course.
  const withTwoMembers = async () => {
    await setUp(api());
    await api().deps.db.db.insert(groupMembers).values({ groupId: f, userId: 'other', role: 'member' });
  };

  it('are set, read, moved and withdrawn by its directors and administrators; anyone else is refused, changing nothing', async () => {
    await withTwoMembers();
    for (const [role, status, code] of [
      ['anonymous', 401, ErrorCode.unauthorized],
      ['learner', 403, ErrorCode.forbidden],
      ['other', 403, ErrorCode.forbidden],
      ['elsewhere', 403, ErrorCode.forbidden],
    ] as const) {
      const who = ROLES[role] ?? undefined;
      await expectRefused(
        api(),
        (a) => a.as(who).groups[':id'].assignments[':courseId'].$put({ param: { id: f, courseId: COURSE }, json: { dueAt: at(7) } }),
        status,
        code,
      );
      await expectRefused(api(), (a) => a.as(who).groups[':id'].assignments.$get({ param: { id: f } }), status, code);
      await expectRefused(api(), (a) => a.as(who).groups[':id'].assignments[':courseId'].$delete({ param: { id: f, courseId: COURSE } }), status, code);
      await expectRefused(api(), (a) => a.as(who).groups[':id'].reminders.$post({ param: { id: f } }), status, code);
    }
    const due = at(7);
    const set = await assign(TOKENS.director, due);
    expect(set).toMatchObject({ status: 200, json: [{ courseId: COURSE, title: 'Laser course', dueAt: due, completed: 0, late: [] }] });
    const later = at(14);
    expect((await assign('admin', later)).json[0]!.dueAt).toBe(later);
    const trail = await auditTrail(api(), `?entity=group&id=${f}`);
    expect(trail.slice(0, 2).map((e) => [e.actor, e.action, e.after?.courseId])).toEqual([
      ['admin', 'update', COURSE],
      ['director', 'create', COURSE],
    ]);
    expect((await reply(as(TOKENS.director).groups[':id'].assignments.$get({ param: { id: f } }))).json).toHaveLength(1);
    const withdrawn = await reply(as(TOKENS.director).groups[':id'].assignments[':courseId'].$delete({ param: { id: f, courseId: COURSE } }));
    expect(withdrawn).toMatchObject({ status: 200, json: [] });
  });

  it('refuse a bad due date, an unknown course, group or assignment, changing nothing', async () => {
    await withTwoMembers();
    const path = `/groups/${f}/assignments/${COURSE}`;
    for (const body of [
      {},
      { dueAt: 'tomorrow' },
      { dueAt: '2026-13-01T00:00:00Z' },
      { dueAt: '2026-05-01' },
      { dueAt: at(1), extra: 1 },
      { dueAt: 5 },
      { dueAt: '1900-01-01T00:00:00Z' },
    ]) {
      await expectRawRefused(api(), 'PUT', path, { as: TOKENS.director, body }, 400);
    }
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].assignments[':courseId'].$put({ param: { id: f, courseId: 'no-such-course' }, json: { dueAt: at(1) } }),
      404,
      ErrorCode.notFound,
    );
    await expectRawRefused(api(), 'DELETE', path, { as: TOKENS.director }, 404, ErrorCode.notFound);
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].assignments[':courseId'].$put({ param: { id: 'nope', courseId: COURSE }, json: { dueAt: at(1) } }),
      403,
      ErrorCode.forbidden,
    );
    await expectRefused(
      api(),
      (a) => a.as('admin').groups[':id'].assignments[':courseId'].$put({ param: { id: 'nope', courseId: COURSE }, json: { dueAt: at(1) } }),
      404,
      ErrorCode.notFound,
    );
    await expectRefused(api(), (a) => a.as('admin').groups[':id'].reminders.$post({ param: { id: 'nope' } }), 404, ErrorCode.notFound);
  });

  it('name who is late once the due date has passed, and mail each a reminder once per due date', async () => {
    await withTwoMembers();
    await passAll(api(), 'learner');
    await assign(TOKENS.director, at(3));
    // Not yet due: no one is late, and nobody is mailed.
    expect((await reply(as(TOKENS.director).groups[':id'].reminders.$post({ param: { id: f } }))).json).toEqual({ sent: [] });
    const passed = at(-2);
    const view = await assign(TOKENS.director, passed);
    expect(view.json).toEqual([
      {
        courseId: COURSE,
        title: 'Laser course',
        dueAt: passed,
        completed: 1,
        late: [{ userId: 'other', email: 'other@example.com', name: 'Otto Other', remindedAt: null }],
      },
    ]);
    const first = await reply(as(TOKENS.director).groups[':id'].reminders.$post({ param: { id: f } }));
    expect(first.json).toEqual({ sent: [{ userId: 'other', courseId: COURSE }] });
    const [mail] = await mails();
    expect(mail.body).toMatchObject({ to: 'other@example.com', subject: expect.stringContaining('Laser course') });
    expect(mail.body.text).toContain('Fellowship 2026');
    // Sent again, or by the administrator at once: no one is mailed twice for the same due date.
    const again = await Promise.all([
      reply(as(TOKENS.director).groups[':id'].reminders.$post({ param: { id: f } })),
      reply(as('admin').groups[':id'].reminders.$post({ param: { id: f } })),
    ]);
    expect(again.map((r) => r.json)).toEqual([{ sent: [] }, { sent: [] }]);
    expect(await mails()).toHaveLength(1);
    const read = (await reply(as(TOKENS.director).groups[':id'].assignments.$get({ param: { id: f } }))).json;
    expect(read[0]!.late[0]!.remindedAt).toEqual(expect.any(String));
    // A new due date may be reminded of again, once.
    await assign(TOKENS.director, at(-1));
    expect((await reply(as(TOKENS.director).groups[':id'].reminders.$post({ param: { id: f } }))).json.sent).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
  });

  it("mail each member in the language they last read the site in, the sender's for one who has not said", async () => {
    await withTwoMembers();
    await assign(TOKENS.director, at(-2));
    const told = await reply(as('other').users.me.language.$put({ json: { language: 'es' } }));
    expect(told.status).toBe(204);
    await reply(as(TOKENS.director).groups[':id'].reminders.$post({ param: { id: f } }));
    const sent = (await api().call('GET', '/sandbox/messages?service=mail', { as: 'admin' })).json.map((m: any) => m.body);
    const opening = (lang: 'en' | 'es') => DICTIONARIES[lang]['mail.reminder.subject'].split('{{')[0];
    const toOther = sent.filter((m: any) => m.to === 'other@example.com');
    expect(toOther).toHaveLength(1);
    expect(toOther[0].subject.startsWith(opening('es'))).toBe(true);
    expect(toOther[0].text).toContain('/es/learning');
    // The learner, who has not said, is written to in the sender's language (the director's request is in English).
    const toLearner = sent.filter((m: any) => m.to !== 'other@example.com');
    expect(toLearner).toHaveLength(1);
    expect(toLearner[0].subject.startsWith(opening('en'))).toBe(true);
    expect(toLearner[0].text).not.toContain('/es/learning');
  });

  it("take a reading language only from a signed-in person, and only one of the site's", async () => {
    await setUp(api());
    expect((await api().call('PUT', '/users/me/language', { body: { language: 'es' } })).status).toBe(401);
    expect((await api().call('PUT', '/users/me/language', { as: 'other', body: { language: 'de' } })).status).toBe(400);
    expect((await api().call('PUT', '/users/me/language', { as: 'other', body: { language: 'es', extra: 1 } })).status).toBe(400);
  });

  it("put the due date and who is late in the group's CSV, for a machine and for a person", async () => {
    await withTwoMembers();
    await passAll(api(), 'learner');
    const passed = at(-2);
    await assign(TOKENS.director, passed);
    const file = async (query: string, separator: ',' | ';') => {
      const res = await api().app.request(`/api/groups/${f}/export.csv${query}`, { headers: { authorization: `Bearer ${TOKENS.director}` } });
      return parseCsv((await res.text()).replace(/^\ufeff/, ''), separator);
    };
    const machine = await file('', ',');
    expect(machine[0]!.slice(-2)).toEqual(['due_at', 'late']);
    const rows = (uid: string, file: string[][]) => file.filter((r) => r[1] === `${uid}@example.com`);
    expect(new Set(rows('learner', machine).map((r) => r.slice(-2).join(' ')))).toEqual(new Set([`${passed} no`]));
    // `other` has not begun: rows of the assigned course all the same, late.
    expect(rows('other', machine).length).toBeGreaterThan(0);
    expect(new Set(rows('other', machine).map((r) => r.at(-1)))).toEqual(new Set(['yes']));
    const es = await file('?lang=es', ';');
    expect(es[0]!.slice(-2)).toEqual([DICTIONARIES.es['csv.dueOn'], DICTIONARIES.es['csv.late']]);
    expect(new Set(rows('other', es).map((r) => r.at(-1)))).toEqual(new Set([DICTIONARIES.es['csv.yes']]));
  });

  it('go with the group when it is deleted', async () => {
    await withTwoMembers();
    await assign(TOKENS.director, at(-2));
    await reply(as(TOKENS.director).groups[':id'].reminders.$post({ param: { id: f } }));
    expect((await reply(as(TOKENS.director).groups[':id'].$delete({ param: { id: f } }))).status).toBe(204);
    await expectRefused(api(), (a) => a.as('admin').groups[':id'].assignments.$get({ param: { id: f } }), 404, ErrorCode.notFound);
  });
});
