import fc from 'fast-check';
import { expect } from 'vitest';
import { token, type TestApi } from '../harness.ts';
import * as contract from './hostile-contract.ts';
import { storedOf, without } from './hostile-rules.ts';
import { attempts, read, withLaunchToken, type Endpoint } from './hostile-world.ts';

/** The write endpoints the hostile suite sends bodies to, and how each reads back what a valid body stored. */

const plan = async (api: TestApi, id: string) => (await read(api, '/pricing')).find((p: { id: string }) => p.id === id);
/** Only the keys of `keys`, to compare what was sent with a record that holds more. */
const pick = (o: object, keys: object) => Object.fromEntries(Object.keys(keys).map((k) => [k, (o as Record<string, unknown>)[k]]));
type Modules = Array<{ id?: string; cases: Array<{ id?: string }> }>;
/** A course as read back without the ids the server gave its modules and cases (the bodies sent none; courses.test.ts checks them). */
const idless = (course: { levels?: Modules }) =>
  course.levels ? { ...course, levels: course.levels.map(({ id: _m, ...l }) => ({ ...l, cases: l.cases.map(({ id: _c, ...c }) => c) })) } : course;
/** `s` with a prefix made of `n`, the same length where it can be: an id or address no earlier body used. */
const unique = (s: string, n: number) => {
  const tag = `u${n.toString(36)}-`;
  return s.length > tag.length ? tag + s.slice(tag.length) : tag + s;
};

export const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/users',
    body: contract.newUser,
    status: 201,
    send: async (body, { damaged, n }) => {
      if (damaged) return { body, as: 'admin' };
      const id = unique(body.id, n);
      const [local, host] = (body.email as string).split('@');
      const email = `${unique(local!, n)}@${host}`;
      // The token's address in small letters: the body's may differ in case only.
      return { body: { ...body, id, email }, as: token(id, { email: email.toLowerCase() }) };
    },
    stored: async (api, body) => {
      const s = storedOf(contract.newUser, body) as any;
      const user = { id: body.id, email: body.email.toLowerCase(), name: s.name ?? '', contact: s.contact ?? '' };
      expect(await read(api, `/users/${encodeURIComponent(body.id)}`)).toEqual({
        ...user,
        isAdmin: false,
        isPremium: false,
        isExpert: false,
        subscriptions: [],
        termsVersion: body.acceptedTerms,
      });
    },
  },
  {
    method: 'PUT',
    path: '/users/learner',
    body: contract.userUpdate,
    status: 200,
    before: (api) => read(api, '/users/learner'),
    stored: async (api, body, _, before) => {
      expect(await read(api, '/users/learner')).toEqual({ ...before, ...(storedOf(contract.userUpdate, body) as object) });
    },
  },
  {
    method: 'PATCH',
    path: '/users/me',
    body: contract.profile,
    status: 200,
    before: (api) => read(api, '/users/admin'),
    stored: async (api, body, _, before) => expect(await read(api, '/users/admin')).toEqual({ ...before, ...(storedOf(contract.profile, body) as object) }),
  },
  {
    method: 'POST',
    path: '/courses',
    body: contract.newCourse,
    status: 201,
    stored: async (api, body, id) => {
      const s = storedOf(contract.newCourse, body) as object;
      expect(pick(idless((await read(api, `/courses/${id}/draft`)).course), s)).toEqual(s);
    },
  },
  {
    method: 'PUT',
    path: '/courses/bronchoscopy/draft',
    body: contract.courseSave,
    status: 200,
    before: (api) => read(api, '/courses/bronchoscopy'),
    // A draft keeps what the body leaves out as published.
    stored: async (api, body, _, before) =>
      expect(idless((await read(api, '/courses/bronchoscopy/draft')).course)).toEqual(
        idless({ ...before, ...(storedOf(contract.courseSave, body) as object) }),
      ),
  },
  {
    method: 'PUT',
    path: '/courses/bronchoscopy',
    body: contract.courseSave,
    status: 200,
    before: (api) => read(api, '/courses/bronchoscopy'),
    // What the body leaves out stays as stored.
    stored: async (api, body, _, before) =>
      expect(idless(await read(api, '/courses/bronchoscopy'))).toEqual(idless({ ...before, ...(storedOf(contract.courseSave, body) as object) })),
  },
  {
    method: 'POST',
    path: '/pricing',
    body: contract.plan,
    status: 201,
    stored: async (api, body, answer) => {
      const s = storedOf(contract.plan, body) as object;
      expect(pick(await plan(api, answer.id), s)).toEqual(s);
    },
  },
  {
    method: 'PUT',
    path: '/pricing/plan-fetoscopy',
    body: contract.planSave,
    status: 200,
    before: (api) => plan(api, 'plan-fetoscopy'),
    stored: async (api, body, _, before) => expect(await plan(api, 'plan-fetoscopy')).toEqual({ ...before, ...(storedOf(contract.planSave, body) as object) }),
  },
  {
    method: 'POST',
    path: '/launch',
    body: contract.launch,
    status: 201,
    valid: (world) => fc.constantFrom(...world.cases),
    stored: async (api, body, answer) => {
      const claims = await read(api, `/launch/verify?token=${encodeURIComponent(answer.token)}`);
      expect(claims).toMatchObject({ userid: 'admin', course: body.course, level: body.level, case: body.case, entitled: true });
    },
  },
  {
    method: 'POST',
    path: '/payments/orders',
    body: contract.order,
    status: 201,
    before: (api, body) => plan(api, body.planId),
    stored: async (api, body, answer, before) => {
      const { payments } = await read(api, '/users/me/export');
      const payment = payments.find((p: { orderId: string }) => p.orderId === answer.id);
      expect(payment).toMatchObject({ planId: body.planId, amount: before.price, currency: 'USD', status: 'CREATED' });
    },
  },
  {
    method: 'POST',
    path: '/attempts',
    body: contract.attempt,
    status: 201,
    valid: () => attempts,
    send: withLaunchToken,
    stored: async (api, body, answer) => {
      const claims = await read(api, `/launch/verify?token=${encodeURIComponent(body.token)}`);
      const attempt = await read(api, `/attempts/${answer.id}`);
      expect(attempt).toMatchObject({ userId: 'admin', courseId: claims.course, level: claims.level, case: claims.case });
      // The same log sent again answers the stored attempt, another one is refused: the server kept what was sent.
      const again = await api.call('POST', '/attempts', { as: 'admin', body });
      expect([again.status, again.json.id]).toEqual([200, answer.id]);
      const other = await api.call('POST', '/attempts', { as: 'admin', body: { ...body, events: [...body.events, { t: 0, type: 'finish' }] } });
      expect([other.status, other.json.error]).toEqual([409, 'conflict']);
    },
  },
  {
    method: 'POST',
    path: '/sandbox/formmail',
    body: contract.contact,
    status: 200,
    as: null,
    stored: async (api, body) => {
      const [latest] = await read(api, '/sandbox/messages?service=formmail');
      expect(latest.body).toEqual(storedOf(contract.contact, body));
    },
  },
  {
    method: 'POST',
    path: '/sandbox/forms',
    body: contract.support,
    status: 200,
    as: null,
    // The access key is checked, not kept.
    stored: async (api, body) => {
      const [latest] = await read(api, '/sandbox/messages?service=forms');
      expect(latest.body).toEqual(without(storedOf(contract.support, body) as object, 'access_key'));
    },
  },
];
