import { randomUUID } from 'node:crypto';
import { issueIfComplete } from '../../src/server/certificates/index.ts';
import { attempts, courses, groupMembers, groups, users } from '../../src/server/db/schema.ts';
import type { Module } from '../../src/api/courses.ts';
import { token } from './harness.ts';
import type { TestApi } from './harness.ts';

/**
 * The people of the learning-record tests: `learner` is a member of the fellowship, which `director` directs;
 * `other` is a member of the residency, which `elsewhere` directs.
 */
export const PEOPLE = {
  director: { id: 'director', email: 'dee.director@example.com', name: 'Dee Director' },
  elsewhere: { id: 'elsewhere', email: 'dan.elsewhere@example.com', name: 'Dan Elsewhere' },
  expert: { id: 'expert', email: 'eve.expert@example.com', name: 'Eve Expert', isExpert: true },
};
export const GROUPS = { fellowship: 'g-fellowship', residency: 'g-residency' };
export const TOKENS = { director: token('director'), elsewhere: token('elsewhere'), expert: token('expert') };

/** Every caller the learning-record role tests run as; null is anonymous. */
export const ROLES = {
  anonymous: null,
  learner: 'learner',
  other: 'other',
  elsewhere: TOKENS.elsewhere,
  director: TOKENS.director,
  admin: 'admin',
} as const;
export type Role = keyof typeof ROLES;

/** A small course in proficiency order: module A (cases A1 with pass mark 60, A2), a hidden module, module B (B1); ids from their places. */
export const COURSE = 'lr-course';
export const MODULES: Module[] = [
  {
    id: 'm1',
    title: 'Module A',
    active: true,
    cases: [
      { id: 'm1c1', title: 'A1', bubbles: [], passMark: 60 },
      { id: 'm1c2', title: 'A2', bubbles: [] },
    ],
  },
  { id: 'm2', title: 'Hidden', active: false, cases: [{ id: 'm2c1', title: 'H1', bubbles: [] }] },
  { id: 'm3', title: 'Module B', active: true, cases: [{ id: 'm3c1', title: 'B1', bubbles: [] }] },
];

/** The people, the two groups and the course; attempts are added by each test. */
export async function setUp(api: TestApi, proficiencyOrder = true) {
  const db = api.deps.db.db;
  await db.insert(users).values(Object.values(PEOPLE));
  await db.insert(courses).values({ id: COURSE, title: 'Laser course', subtitle: 'Two modules', levels: MODULES, proficiencyOrder });
  await db.insert(groups).values([
    { id: GROUPS.fellowship, name: 'Fellowship 2026' },
    { id: GROUPS.residency, name: 'Residency' },
  ]);
  await db.insert(groupMembers).values([
    { groupId: GROUPS.fellowship, userId: 'learner', role: 'member' },
    { groupId: GROUPS.fellowship, userId: 'director', role: 'director' },
    { groupId: GROUPS.residency, userId: 'other', role: 'member' },
    { groupId: GROUPS.residency, userId: 'elsewhere', role: 'director' },
  ]);
  await api.deps.catalogue.changed();
}

/**
 * Stores an attempt as the server would after a replay, `daysAgo` days back, at the case that stands at `level`,
 * `caseIndex` in MODULES, and issues the certificate it completes, as storing one does (`issue: false` leaves that out,
 * as in a database from before certificates were issued on storing).
 */
export async function attempt(
  api: TestApi,
  userId: string,
  level: number,
  caseIndex: number,
  score: number,
  opts: { flagged?: boolean; daysAgo?: number; course?: string; assessmentId?: string; issue?: boolean } = {},
) {
  const id = randomUUID();
  const courseId = opts.course ?? COURSE;
  await api.deps.db.db.insert(attempts).values({
    id,
    userId,
    courseId,
    caseId: `m${level}c${caseIndex}`,
    level,
    caseIndex,
    task: level === 1 ? 'navigation' : level === 2 ? 'selective' : 'solomon',
    score,
    metrics: { surgeryTimeMs: 60_000 },
    flagged: opts.flagged ?? false,
    assessmentId: opts.assessmentId ?? null,
    events: [],
    createdAt: new Date(Date.now() - (opts.daysAgo ?? 0) * 86_400_000),
  });
  const course = (await api.deps.catalogue.course(courseId))?.value;
  if (course && opts.issue !== false) await issueIfComplete(api.deps.db.db, userId, course);
  return id;
}

/** Passes every active case of the course for `uid`. */
export async function passAll(api: TestApi, uid: string) {
  await attempt(api, uid, 1, 1, 90, { daysAgo: 3 });
  await attempt(api, uid, 1, 2, 80, { daysAgo: 2 });
  await attempt(api, uid, 3, 1, 75, { daysAgo: 1 });
}

/** The text of a PDF, page by page, read back with PDF.js. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return pages.join('\n');
}
