import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paramsOfCase } from '../../src/domain/simulator/index.ts';
import { courses, users } from '../../src/server/db/schema.ts';
import { signLaunchToken } from '../../src/server/launch/launch-token.ts';
import { claimsOf, play, SECRET, VARIANT } from './attempt-support.ts';
import type { TestApi } from './harness.ts';
import { GROUPS, setUp } from './learning-support.ts';

// The world of the assessment tests: the learning-record people and groups, and a one-case course requiring assessment.

/** A one-case course that requires assessment (selective coagulation, pass mark 1, so any played attempt passes it). */
export const COURSE = 'asm-course';
export const SIM = paramsOfCase(undefined, 2, 1);

export async function world(api: TestApi) {
  await setUp(api, false);
  const db = api.deps.db.db;
  await db.insert(courses).values({
    id: COURSE,
    title: 'Assessed laser',
    subtitle: 'One case',
    levels: [{ id: 'm1', title: 'Module', active: true, cases: [{ id: 'm1c1', title: 'Selective', bubbles: [], sim: SIM, passMark: 1 }] }],
    assessmentRequired: true,
  });
  // Premium learners are entitled to every course.
  await db.update(users).set({ isPremium: true }).where(eq(users.id, 'learner'));
  await db.update(users).set({ isPremium: true }).where(eq(users.id, 'other'));
  await api.deps.catalogue.changed();
}

export const openBody = (over: Record<string, unknown> = {}) => ({ course: COURSE, group: GROUPS.fellowship, minutes: 30, ...over });
export const launchBody = (assessmentCode?: string) => ({ course: COURSE, level: 1, case: 1, ...(assessmentCode === undefined ? {} : { assessmentCode }) });

export async function openWindow(api: TestApi, as: string, over: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/assessments', { as, body: openBody(over) });
  expect(res.status).toBe(201);
  return res.json;
}

/** A token as POST /launch signs it, issued ten minutes ago, in the assessment window `assessment` when given. */
export const tokenOf = (uid: string, assessment?: string) =>
  signLaunchToken(
    SECRET,
    { uid, course: COURSE, level: 1, case: 1, caseId: 'm1c1', variant: VARIANT, sim: SIM, ...(assessment ? { assessment } : {}) },
    new Date(Date.now() - 10 * 60_000),
  );

/** Sends the attempt as the learner the token was launched for, signed in (the three users of the test API sign in by name). */
export async function submit(api: TestApi, token: string) {
  const res = await api.reply(api.as(claimsOf(token).sub).attempts.$post({ json: { token, events: play(token).events } }));
  expect(res.status).toBe(201);
  return res.json;
}
