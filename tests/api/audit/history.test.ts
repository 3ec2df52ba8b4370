// The history of a course and of a plan as GET /audit answers it for the editor's and the plan form's History panels:
// who changed what and when, field by field, and nothing left of an administrator who has since deleted their account.
import { describe, expect, it } from 'vitest';
import { auditTrail, CALLERS, expectRawRefused, expectRefused, useApi, validPlan, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const COURSE = 'fetoscopy-simulator';
const course = () => reply(as('admin').courses[':id'].draft.$get({ param: { id: COURSE } }));
const history = (entity: 'course' | 'plan' | 'user', id: string) => auditTrail(api(), `?entity=${entity}&id=${id}`);

describe("a plan's history", () => {
  it('records its creation, each edit with the fields that changed, old and new, and its deletion', async () => {
    const { json: plan } = await reply(as('admin').pricing.$post({ json: validPlan() }));
    const { id: _id, translations: _t, ...input } = plan;
    await reply(as('admin').pricing[':id'].$put({ param: { id: plan.id }, json: { ...input, title: 'Solomon complete', price: 199 } }));
    await reply(as('admin').pricing[':id'].$put({ param: { id: plan.id }, json: { ...input, courses: ['bronchoscopy'] } }));
    await reply(as('admin').pricing[':id'].$delete({ param: { id: plan.id } }));
    const trail = await history('plan', plan.id);
    expect(trail.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(trail[2]).toMatchObject({
      actor: 'admin',
      actorEmail: 'admin@example.com',
      changes: [
        { kind: 'field', field: 'price', from: 149.5, to: 199 },
        { kind: 'field', field: 'title', from: 'Solomon intensive', to: 'Solomon complete' },
      ],
    });
    expect(trail[1].changes).toEqual([
      { kind: 'field', field: 'price', from: 199, to: 149.5 },
      { kind: 'field', field: 'title', from: 'Solomon complete', to: 'Solomon intensive' },
      { kind: 'list', field: 'courses', added: ['bronchoscopy'], removed: ['fetoscopy-simulator'] },
    ]);
    expect(trail[3].changes).toContainEqual({ kind: 'field', field: 'price', from: undefined, to: 149.5 });
  });

  it('records nothing for an edit refused', async () => {
    await expectRefused(api(), (a) => a.as('admin').pricing[':id'].$put({ param: { id: 'plan-complete' }, json: validPlan({ price: -1 }) }), 400);
    await expectRefused(api(), (a) => a.as('learner').pricing[':id'].$put({ param: { id: 'plan-complete' }, json: validPlan() }), 403);
    expect(await history('plan', 'plan-complete')).toEqual([]);
  });
});

describe("a course's history", () => {
  it('keeps drafts out, and records a publication with its title and modules summarised, then a discard', async () => {
    const { json: draft } = await course();
    const { id: _id, ...body } = draft.course;
    const levels = [...body.levels, { title: 'Twin anemia', active: true, cases: [{ title: 'TAPS stage 2', bubbles: [] }] }];
    await reply(as('admin').courses[':id'].draft.$put({ param: { id: COURSE }, json: { ...body, title: 'Laser therapy', levels } }));
    expect(await history('course', COURSE)).toEqual([]);
    await reply(as('admin').courses[':id'].publish.$post({ param: { id: COURSE } }));
    await reply(as('admin').courses[':id'].draft.$put({ param: { id: COURSE }, json: { ...body, title: 'Not kept' } }));
    await reply(as('admin').courses[':id'].draft.$delete({ param: { id: COURSE } }));
    const [discard, publish] = await history('course', COURSE);
    expect(discard).toMatchObject({ action: 'discard', actorEmail: 'admin@example.com' });
    expect(publish).toMatchObject({ action: 'publish', actor: 'admin', actorEmail: 'admin@example.com' });
    expect(publish.changes).toEqual([
      { kind: 'field', field: 'title', from: draft.course.title, to: 'Laser therapy' },
      { kind: 'module', change: 'added', title: 'Twin anemia', casesAdded: ['TAPS stage 2'], casesRemoved: [], casesChanged: [], casesMoved: false },
    ]);
    expect(new Date(publish.at).getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('GET /audit for one course or plan', () => {
  it.each([
    ['anonymous', 401],
    ['learner', 403],
    ['other', 403],
  ] as const)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).audit.$get({ query: { entity: 'course', id: COURSE } }), status);
    await expectRefused(api(), (a) => a.as(CALLERS[who]).audit.$get({ query: { entity: 'plan', id: 'plan-complete' } }), status);
  });

  it.each(['entity=courses&id=x', 'entity=Plan', 'entity=course&id=a%00b', 'entity=plan&limit=-1', 'entity=plan&id=x&since=1'])(
    'refuses %s with 400',
    async (query) => {
      await expectRawRefused(api(), 'GET', `/audit?${query}`, { as: 'admin' }, 400);
    },
  );

  it('answers an empty history for an id with none', async () => {
    expect(await history('plan', 'no-such-plan')).toEqual([]);
  });
});

describe('an administrator who deletes their account', () => {
  it('leaves the changes they made, by a former account that neither their id nor their address names', async () => {
    await reply(as('admin').users[':id'].$put({ param: { id: 'other' }, json: { isAdmin: true, isPremium: false, subscriptions: [] } }));
    const { json: plan } = await reply(as('other').pricing.$post({ json: validPlan() }));
    const { id: _id, translations: _t, ...input } = plan;
    await reply(as('other').pricing[':id'].$put({ param: { id: plan.id }, json: { ...input, price: 99 } }));
    await reply(as('other').courses[':id'].publish.$post({ param: { id: COURSE } }));
    await reply(
      as('other').courses[':id'].draft.$put({ param: { id: COURSE }, json: { ...(await course()).json.course, id: undefined, title: 'By other' } as never }),
    );
    await reply(as('other').courses[':id'].publish.$post({ param: { id: COURSE } }));
    expect((await history('plan', plan.id)).map((e) => e.actorEmail)).toEqual(['other@example.com', 'other@example.com']);

    expect((await reply(as('other').users.me.$delete({}))).status).toBe(204);
    const trail = [...(await history('plan', plan.id)), ...(await history('course', COURSE))];
    expect(trail.map((e) => e.action)).toEqual(['update', 'create', 'publish']);
    expect(JSON.stringify(trail)).not.toMatch(/other@example\.com|"other"/);
    const [alias] = new Set(trail.map((e) => e.actor));
    expect(new Set(trail.map((e) => e.actor)).size).toBe(1);
    expect(alias).toMatch(/^deleted-/);
    expect(trail.every((e) => e.actorEmail === '')).toBe(true);
    expect(trail[0].changes).toEqual([{ kind: 'field', field: 'price', from: 149.5, to: 99 }]);
    // What the administrator who granted the role did to that account stays as it was, by them.
    expect((await history('user', 'other')).at(-1)).toMatchObject({ actor: 'admin', actorEmail: 'admin@example.com' });
  });
});
