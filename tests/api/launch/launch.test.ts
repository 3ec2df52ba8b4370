import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { paramsOfCase } from '../../../src/domain/simulator/index.ts';
import { signLaunchToken } from '../../../src/server/launch/launch-token.ts';
import { toTimestamp } from '../../../src/domain/time.ts';
import { LAUNCH_LIFE_MS } from '../../../src/domain/launch.ts';
import { claimsOf } from '../attempt-support.ts';
import { expectRawRefused, expectRefused, useApi, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const SECRET = 'local-development-launch-secret';
const body = { course: 'bronchoscopy', level: 1, case: 2 };
const launchClaims = { caseId: 'm1c2', variant: 7, sim: paramsOfCase(undefined, 1, 2) };

async function grantSubscription(uid: string, planId: string, end: Date) {
  const user = (await reply(as('admin').users[':id'].$get({ param: { id: uid } }))).json;
  const sub = { provider: 'test', plan_name: 'x', product_id: planId, subscription_id: `s-${Date.now()}`, next_billing_time: toTimestamp(end) };
  const res = await reply(
    as('admin').users[':id'].$put({ param: { id: uid }, json: { isAdmin: user.isAdmin, isPremium: user.isPremium, subscriptions: [sub] } }),
  );
  expect(res.status).toBe(200);
}

describe('POST /launch', () => {
  it('refuses a visitor', () => expectRefused(api(), (a) => a.as(null).launch.$post({ json: body }), 401));
  it('refuses a learner without a plan for the course', () => expectRefused(api(), (a) => a.as('learner').launch.$post({ json: body }), 403));
  it('refuses an unknown course and a missing case', async () => {
    await expectRefused(api(), (a) => a.as('admin').launch.$post({ json: { ...body, course: 'nope' } }), 404);
    await expectRefused(api(), (a) => a.as('admin').launch.$post({ json: { ...body, case: 99 } }), 400);
    await expectRefused(api(), (a) => a.as('admin').launch.$post({ json: { ...body, level: 0 } }), 400);
  });
  it('signs a token for an entitled user that verify reads back', async () => {
    await grantSubscription('learner', 'plan-complete', new Date(Date.now() + 86_400_000));
    const res = await reply(as('learner').launch.$post({ json: body }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ scheme: 'fetalsurgerysim', token: expect.any(String), assessed: false, simulator: 'desktop' });
    // Two hours: a whole procedure, and as long again for the intro and pauses (src/domain/launch.ts).
    expect(Date.parse(res.json.expiresAt) - Date.now()).toBeGreaterThan(LAUNCH_LIFE_MS - 60_000);
    expect(claimsOf(res.json.token)).toMatchObject({ exp: claimsOf(res.json.token).iat + LAUNCH_LIFE_MS / 1000 });
    const verified = await reply(as(null).launch.verify.$get({ query: { token: res.json.token } }));
    const { variant, sim } = claimsOf(res.json.token);
    expect(verified).toEqual({
      status: 200,
      headers: expect.anything(),
      json: {
        userid: 'learner',
        course: 'bronchoscopy',
        level: 1,
        case: 2,
        variant,
        sim,
        task: 'bronchoscopy',
        simulator: 'desktop',
        entitled: true,
        assessed: false,
      },
    });
  });
  it('says the browser simulator plays a laser case, and signs no procedure into its token', async () => {
    const res = await reply(as('admin').launch.$post({ json: { course: 'fetoscopy-simulator', level: 3, case: 1 } }));
    expect(res.json.simulator).toBe('browser');
    expect(claimsOf(res.json.token)).not.toHaveProperty('tsk');
    const verified = await reply(as(null).launch.verify.$get({ query: { token: res.json.token } }));
    expect(verified.json).toMatchObject({ task: 'solomon', simulator: 'browser' });
  });
  it("signs a fresh variant and id into every launch, with the case's stored simulator parameters", async () => {
    const where = { course: 'fetoscopy-simulator', level: 2, case: 1 };
    const tokens = await Promise.all([1, 2, 3].map(async () => (await reply(as('admin').launch.$post({ json: where }))).json.token as string));
    const claims = tokens.map((t) => claimsOf(t) as ReturnType<typeof claimsOf> & { jti: string });
    expect(new Set(claims.map((c) => c.variant)).size).toBe(3);
    expect(new Set(claims.map((c) => c.jti)).size).toBe(3);
    for (const c of claims) {
      expect(Number.isInteger(c.variant) && c.variant >= 0 && c.variant < 2 ** 32).toBe(true);
      expect(c.sim).toEqual({ task: 'selective', difficulty: 2, placenta: 'posterior', anastomoses: 3, smallestMm: 2, scopes: 'straight', targets: 4 });
    }
  });
  it('gives a case without stored parameters its module defaults', async () => {
    const { token } = (await reply(as('admin').launch.$post({ json: body }))).json;
    expect(claimsOf(token).sim).toEqual(paramsOfCase(undefined, 1, 2));
  });
  it('reports entitlement as it stands when verified, not when signed', async () => {
    await grantSubscription('learner', 'plan-complete', new Date(Date.now() + 86_400_000));
    const { token } = (await reply(as('learner').launch.$post({ json: body }))).json;
    await grantSubscription('learner', 'plan-complete', new Date(Date.now() - 1000));
    expect((await reply(as(null).launch.verify.$get({ query: { token: token } }))).json.entitled).toBe(false);
  });
});

describe('GET /launch/verify', () => {
  it('refuses an expired token', async () => {
    const token = await signLaunchToken(SECRET, { uid: 'admin', ...body, ...launchClaims }, new Date(Date.now() - LAUNCH_LIFE_MS - 60_000));
    await expectRefused(api(), (a) => a.as(null).launch.verify.$get({ query: { token } }), 401, 'invalid_token');
  });
  it('refuses a tampered token (claims changed, signature kept)', async () => {
    const token = await signLaunchToken(SECRET, { uid: 'learner', ...body, ...launchClaims });
    const [head, payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    await expectRefused(api(), (a) => a.as(null).launch.verify.$get({ query: { token: `${head}.${forged}.${sig}` } }), 401, 'invalid_token');
  });
  it('refuses a token signed with another key', async () => {
    const token = await signLaunchToken('another-secret-that-is-long-enough-000', { uid: 'learner', ...body, ...launchClaims });
    await expectRefused(api(), (a) => a.as(null).launch.verify.$get({ query: { token } }), 401, 'invalid_token');
  });
  it('refuses an unsigned token', async () => {
    const token = await new SignJWT({ ...body })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    await expectRefused(api(), (a) => a.as(null).launch.verify.$get({ query: { token: `${token.split('.').slice(0, 2).join('.')}.` } }), 401, 'invalid_token');
  });
  it('tells whether another user, who is not entitled, was the one launched', async () => {
    const token = await signLaunchToken(SECRET, { uid: 'other', ...body, ...launchClaims });
    expect((await reply(as(null).launch.verify.$get({ query: { token: token } }))).json).toMatchObject({ userid: 'other', entitled: false });
  });
  it('needs a token', () => expectRawRefused(api(), 'GET', '/launch/verify', {}, 400));
});
