import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { acceptInvitations } from './group-consent.ts';
import { heldTargetsPlayer } from './pilot.ts';
import { ADMIN, idTokenFor, newAccount } from './helpers.ts';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A one-case course that requires assessment, and a fellowship whose director and learner are new accounts, the
 * learner a member once they accepted the invitation; `tag` names the accounts, the course and the group apart.
 */
export async function assessedWorld(request: APIRequestContext, tag: string, learnerName: string) {
  const admin = auth(await idTokenFor(ADMIN));
  const sim = { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 2 };
  const levels = [{ title: 'Assessed navigation', active: true, cases: [{ title: 'Two targets', bubbles: [], sim, passMark: 1 }] }];
  const created = await request.post('/api/courses', {
    headers: admin,
    data: { title: `${tag} course ${Date.now()}`, subtitle: 'Played in an assessment', levels },
  });
  expect(created.status()).toBe(201);
  const courseId = (await created.json()) as string;
  const course = await (await request.get(`/api/courses/${courseId}`)).json();
  expect((await request.put(`/api/courses/${courseId}`, { headers: admin, data: { ...course, id: undefined, assessmentRequired: true } })).status()).toBe(200);
  const director = await newAccount(request, `${tag.toLowerCase()}-dir`, { name: 'Dee Director' }, { premium: false, verified: true });
  const learner = await newAccount(request, `${tag.toLowerCase()}-learner`, { name: learnerName }, { premium: true, verified: true });
  const group = (await (await request.post('/api/groups', { headers: admin, data: { name: `${tag} fellowship ${Date.now()}` } })).json()) as { id: string };
  for (const [who, role] of [
    [director, 'director'],
    [learner, 'member'],
  ] as const) {
    expect((await request.post(`/api/groups/${group.id}/members`, { headers: admin, data: { email: who.email, role } })).status()).toBe(200);
  }
  await acceptInvitations(request, learner);
  return { courseId, director, learner };
}

/**
 * Plays the case the launch token names as the simulator page would (every target reached by the model's scripted
 * hand) and sends the log with the learner's ID token once the launch is old enough to have lasted that long.
 */
export async function sendPlayed(request: APIRequestContext, token: string, who: { email: string; password: string }, expected: { assessed?: boolean } = {}) {
  const player = heldTargetsPlayer(token);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, player.t - 4000)));
  const res = await request.post('/api/attempts', { headers: auth(await idTokenFor(who)), data: { token, events: player.events } });
  expect(res.status()).toBe(201);
  expect(await res.json()).toMatchObject({ flagged: false, ...expected });
}
