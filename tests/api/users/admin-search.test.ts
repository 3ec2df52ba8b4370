import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { adminSubscription } from '../../../src/domain/admin-subscription.ts';
import { subscriptionStatus } from '../../../src/domain/entitlement.ts';
import { auditTrail, CALLERS, expectRefused, useApi, validCourse, validPlan, typedClient } from '../support.ts';

/** The calls behind /admin-users, as the screen makes them. */
const api = useApi();
const { as, reply } = typedClient(api);

const search = (query: string) =>
  query.includes('@')
    ? reply(as('admin').users.$get({ query: { email: query } }))
    : reply(as('admin').users[':id'].$get({ param: { id: encodeURIComponent(query) } }));
const save = (over: Record<string, unknown> = {}) => ({ isAdmin: false, isPremium: false, subscriptions: [], ...over });

describe('the admin search', () => {
  it.each([
    ['an email', 'learner@example.com'],
    ['the email in capitals', 'LEARNER@EXAMPLE.COM'],
    ['a uid', 'learner'],
  ])('finds the learner by %s', async (_label, query) => {
    const res = await search(query);
    expect(res.status).toBe(200);
    const found = Array.isArray(res.json) ? res.json[0] : res.json;
    expect(found).toMatchObject({ id: 'learner', email: 'learner@example.com', isAdmin: false, isPremium: false, subscriptions: [] });
  });

  it('answers an empty list for an unknown email and 404 for an unknown uid', async () => {
    expect(await search('nobody@example.com')).toMatchObject({ status: 200, json: [] });
    await expectRefused(api(), (a) => a.as('admin').users[':id'].$get({ param: { id: 'nobody' } }), 404);
  });

  it.each([
    ['anonymous', 401],
    ['learner', 403],
    ['other', 403],
  ] as const)('refuses %s every call behind the screen with %i, changing nothing', async (who, status) => {
    const as = CALLERS[who];
    await expectRefused(api(), (a) => a.as(as).users.$get({ query: { email: 'learner@example.com' } }), status);
    await expectRefused(api(), (a) => a.as(who === 'other' ? 'learner' : as).users[':id'].$get({ param: { id: 'other' } }), status);
    await expectRefused(api(), (a) => a.as(as).users[':id'].$put({ param: { id: 'learner' }, json: save({ isPremium: true }) }), status);
    await expectRefused(api(), (a) => a.as(as).audit.$get({ query: { entity: 'user', id: 'learner' } }), status);
  });

  it('refuses a learner reading their own history: the audit is for admins only', async () => {
    await expectRefused(api(), (a) => a.as('learner').audit.$get({ query: { entity: 'user', id: 'learner' } }), 403);
  });
});

describe('the last-admin rule', () => {
  it('refuses the last admin removing their own flag with 409 last_admin and a clear message, even with other changes in the same save', async () => {
    const res = await expectRefused(
      api(),
      (a) => a.as('admin').users[':id'].$put({ param: { id: 'admin' }, json: save({ isPremium: true }) }),
      409,
      ErrorCode.lastAdmin,
    );
    expect(res.json.message).toMatch(/last administrator/i);
    const me = await reply(as('admin').users[':id'].$get({ param: { id: 'admin' } }));
    expect(me.json).toMatchObject({ isAdmin: true, isPremium: false });
    expect(await auditTrail(api())).toEqual([]);
  });

  it('lets the last admin save their own record while keeping the flag', async () => {
    const res = await reply(as('admin').users[':id'].$put({ param: { id: 'admin' }, json: save({ isAdmin: true, isPremium: true }) }));
    expect(res).toMatchObject({ status: 200, json: { id: 'admin', isAdmin: true, isPremium: true } });
  });

  it('lets an admin remove their own flag once another admin exists', async () => {
    await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save({ isAdmin: true }) }));
    expect((await reply(as('admin').users[':id'].$put({ param: { id: 'admin' }, json: save() }))).status).toBe(200);
    await expectRefused(api(), (a) => a.as('admin').users[':id'].$get({ param: { id: 'learner' } }), 403);
    await expectRefused(api(), (a) => a.as('learner').users[':id'].$put({ param: { id: 'learner' }, json: save() }), 409, ErrorCode.lastAdmin);
  });
});

describe('the expert flag', () => {
  it('is set and cleared by the admin save, audited like the other flags, and kept when a save leaves it out', async () => {
    const set = await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save({ isExpert: true }) }));
    expect(set).toMatchObject({ status: 200, json: { id: 'learner', isExpert: true, isAdmin: false } });
    expect((await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json.isExpert).toBe(true);
    expect((await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save({ isPremium: true }) }))).json).toMatchObject({
      isExpert: true,
      isPremium: true,
    });
    expect((await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save({ isExpert: false }) }))).json.isExpert).toBe(false);
    const trail = await auditTrail(api(), '?entity=user&id=learner');
    expect(trail.map((e) => [e.before.isExpert, e.after.isExpert])).toEqual([
      [true, false],
      [true, true],
      [false, true],
    ]);
  });

  it('is refused to anyone but an admin, and a new user is never an expert', async () => {
    await expectRefused(api(), (a) => a.as('learner').users[':id'].$put({ param: { id: 'learner' }, json: save({ isExpert: true }) }), 403);
    expect((await reply(as('other').users[':id'].$get({ param: { id: 'other' } }))).json.isExpert).toBe(false);
    await expectRefused(api(), (a) => a.as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save({ isExpert: 'yes' }) }), 400);
  });
});

describe('the audit trail of admin changes', () => {
  it('records a user save with the whole record before and after: flags and an admin-granted subscription', async () => {
    const now = new Date();
    const grant = adminSubscription({ plans: [{ id: 'plan-fetoscopy' }, { id: 'plan-complete' }], adminEmail: 'admin@example.com', now, id: 'grant-1' })!;
    const res = await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save({ isPremium: true, subscriptions: [grant] }) }));
    expect(res.status).toBe(200);
    expect(subscriptionStatus(res.json.subscriptions[0]!, now)).toBe('ACTIVE');
    const [entry, ...rest] = await auditTrail(api(), '?entity=user&id=learner');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actor: 'admin',
      actorEmail: 'admin@example.com',
      entity: 'user',
      entityId: 'learner',
      action: 'update',
      before: { id: 'learner', email: 'learner@example.com', isAdmin: false, isPremium: false, subscriptions: [] },
      after: {
        id: 'learner',
        isAdmin: false,
        isPremium: true,
        subscriptions: [
          { provider: 'admin@example.com', plan_name: 'Fetal Surgery Academy - Admin - Provided', product_id: 'plan-fetoscopy', subscription_id: 'grant-1' },
        ],
      },
    });
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });

  it('keeps each user history apart and lists it newest first', async () => {
    await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save({ isPremium: true }) }));
    await reply(as('admin').users[':id'].$put({ param: { id: 'other' }, json: save({ isPremium: true }) }));
    await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save() }));
    const trail = await auditTrail(api(), '?entity=user&id=learner');
    expect(trail.map((e) => [e.before.isPremium, e.after.isPremium])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect((await auditTrail(api(), '?entity=user&id=other')).map((e) => e.entityId)).toEqual(['other']);
  });

  it('records course creation, edit and deletion with before and after', async () => {
    const { json: id } = await reply(as('admin').courses.$post({ json: validCourse() }));
    await reply(as('admin').courses[':id'].$put({ param: { id }, json: validCourse({ title: 'Laser advanced' }) }));
    await reply(as('admin').courses[':id'].$delete({ param: { id }, query: {} }));
    const [deleted, updated, created] = await auditTrail(api(), `?entity=course&id=${id}`);
    expect(created).toMatchObject({ action: 'create', actorEmail: 'admin@example.com', before: null, after: { id, title: 'Laser basics' } });
    expect(updated).toMatchObject({ action: 'update', before: { title: 'Laser basics' }, after: { title: 'Laser advanced' } });
    expect(deleted).toMatchObject({ action: 'delete', before: { id, title: 'Laser advanced' }, after: null });
  });

  it('records plan creation, edit and deletion with before and after', async () => {
    const { json: plan } = await reply(as('admin').pricing.$post({ json: validPlan() }));
    await reply(as('admin').pricing[':id'].$put({ param: { id: plan.id }, json: validPlan({ price: 99, visibility: false }) }));
    await reply(as('admin').pricing[':id'].$delete({ param: { id: plan.id } }));
    const [deleted, updated, created] = await auditTrail(api(), `?entity=plan&id=${plan.id}`);
    expect(created).toMatchObject({ action: 'create', before: null, after: { ...validPlan(), id: plan.id } });
    expect(updated).toMatchObject({ action: 'update', before: { price: 149.5, visibility: true }, after: { price: 99, visibility: false } });
    expect(deleted).toMatchObject({ action: 'delete', before: { id: plan.id, price: 99 }, after: null });
  });

  it('records nothing for a refused save (last admin, bad subscription, unknown user)', async () => {
    await reply(as('admin').users[':id'].$put({ param: { id: 'admin' }, json: save() }));
    await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: save({ subscriptions: [{ provider: '' }] }) }));
    await reply(as('admin').users[':id'].$put({ param: { id: 'nobody' }, json: save() }));
    expect(await auditTrail(api(), '?entity=user')).toEqual([]);
  });
});
