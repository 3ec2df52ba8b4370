import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { backup, backupCommand, restore } from '../../../src/server/db/backup.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase, rowsOf, type Db } from '../../../src/server/db/client.ts';
import {
  assessmentGrants,
  assessmentLaunches,
  assessmentWindows,
  attempts,
  audit,
  certificates,
  courseDrafts,
  courses,
  groupInvitations,
  groupAssignments,
  assignmentReminders,
  groupMembers,
  groups,
  images,
  orders,
  plans,
  rateLimits,
  users,
} from '../../../src/server/db/schema.ts';
import { createDeps } from '../../../src/server/services.ts';
import { createSandboxTables, sandboxMessages } from '../../../src/sandbox/messages.ts';
import { runScript, seededFolder } from '../processes-support.ts';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fsa-backup-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every table of every schema but the system's (ours and drizzle's migration journal), read from the database itself. */
async function tablesOf(db: Db): Promise<string[]> {
  const res = await db.execute(sql`SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`);
  return rowsOf(res).map((r) => `"${String(r.schemaname)}"."${String(r.tablename)}"`);
}

/**
 * Rate-limit counters live in an unlogged table (windows of minutes, rewritten on every limited request): PostgreSQL
 * empties an unlogged table whenever it starts from files, as a PGlite archive restores, so they are not expected back.
 */
const NOT_KEPT = ['"public"."rate_limits"'];
const kept = (all: Record<string, Record<string, unknown>[]>) => Object.fromEntries(Object.entries(all).filter(([t]) => !NOT_KEPT.includes(t)));

/** Every row of every table, each table in a stable order. */
async function everything(url: string | null, dir: string | null): Promise<Record<string, Record<string, unknown>[]>> {
  const database = await openDatabase(url, dir);
  try {
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const table of await tablesOf(database.db)) out[table] = rowsOf(await database.db.execute(sql.raw(`SELECT * FROM ${table} AS x ORDER BY x::text`)));
    return out;
  } finally {
    await database.close();
  }
}

/** A row in every table of ours, with text that survives only a faithful copy (accents, CJK, right-to-left). */
async function fillEveryTable(db: Db, id: string) {
  const name = 'Ünïcode 名前 اسم';
  await db.insert(users).values({ id, email: `${id}@example.com`, name, isExpert: true, subscriptions: [] });
  await db.insert(courses).values({
    id,
    title: name,
    subtitle: 's',
    levels: [{ id: 'm1', title: 'm1', active: true, cases: [{ id: 'm1c1', title: 'c1', bubbles: [] }] }],
    proficiencyOrder: true,
  });
  const draft = {
    title: `${name} draft`,
    subtitle: 's',
    thumbnail: null,
    levels: [{ id: 'm1', title: 'm1', active: true, cases: [{ id: 'm1c1', title: 'c1', bubbles: [] }] }],
  };
  await db.insert(courseDrafts).values({ courseId: id, body: draft, updatedBy: id });
  await db.insert(plans).values({ id, title: 'Plan', price: 12.34, duration: 3, description: name, courses: [id], visibility: false });
  await db.insert(audit).values({ actor: id, entity: 'plan', entityId: id, action: 'create', after: { title: name } });
  await db.insert(orders).values({ id, userId: id, planId: id, amount: 12.34 });
  await db
    .insert(attempts)
    .values({ id, userId: id, courseId: id, caseId: 'm1c1', level: 1, caseIndex: 1, score: 73, metrics: { surgeryTimeMs: 1000 }, events: [] });
  // The form stand-ins' table is not in the schema, but a local instance has it, and a backup carries it along.
  await createSandboxTables(db);
  await db.insert(sandboxMessages).values({ service: 'forms', body: { message: name } });
  await db.insert(rateLimits).values({ key: `forms:${id}`, count: 2, expiresAt: new Date(Date.now() + 60_000) });
  await db
    .insert(certificates)
    .values({ id, userId: id, courseId: id, holderName: name, courseTitle: name, cases: [], completedAt: new Date('2025-01-02T03:04:05Z') });
  await db.insert(groups).values({ id, name });
  await db.insert(groupMembers).values({ groupId: id, userId: id, role: 'director' });
  await db.insert(groupInvitations).values({ id, groupId: id, email: `invited-${id}@example.com`, role: 'member', invitedBy: id });
  await db.insert(groupAssignments).values({ groupId: id, courseId: id, dueAt: new Date('2026-03-01T00:00:00Z'), assignedBy: id });
  await db.insert(assignmentReminders).values({ groupId: id, courseId: id, userId: id, dueAt: new Date('2026-03-01T00:00:00Z') });
  await db
    .insert(assessmentWindows)
    .values({ id, code: id.slice(-6).toUpperCase(), courseId: id, groupId: id, openedBy: id, expiresAt: new Date('2025-01-02T04:04:05Z') });
  await db.insert(assessmentLaunches).values({
    id,
    windowId: id,
    userId: id,
    caseId: 'c1',
    level: 1,
    caseIndex: 1,
    seq: 1,
    launchedAt: new Date('2025-01-02T03:04:05Z'),
    expiresAt: new Date('2025-01-02T05:04:05Z'),
  });
  await db.insert(assessmentGrants).values({ id, windowId: id, userId: id, caseId: 'c1', reason: 'The power went out', grantedBy: id });
  await db.insert(images).values({ id: `${id}.webp`, contentType: 'image/webp', width: 2, height: 1, data: new Uint8Array([0, 1, 254, 255]) });
}

/**
 * A source instance (PGlite in a folder, or DATABASE_URL) with a row in every table and emulator accounts, made once:
 * a backup only reads it.
 */
async function sourceInstance(url: string | null) {
  const dir = temp();
  const database = url ? await openDatabase(url, null) : await seededFolder(join(dir, 'pglite'));
  try {
    await fillEveryTable(database.db, `backup-${Date.now()}`);
  } finally {
    await database.close();
  }
  mkdirSync(join(dir, 'auth'));
  writeFileSync(join(dir, 'auth/firebase-export-metadata.json'), '{"auth":{}}');
  const expected = await everything(url, url ? null : join(dir, 'pglite'));
  // A table without a row would be compared empty to empty and prove nothing: a new table needs a row above.
  expect(Object.keys(expected).filter((table) => expected[table]!.length === 0)).toEqual([]);
  return { dir, expected: kept(expected) };
}

/** An empty instance to restore into: a new folder, and on PostgreSQL a new database beside DATABASE_URL's. */
async function emptyTarget(url: string | null) {
  if (!url) return { target: temp(), targetUrl: null };
  const database = await openDatabase(url, null);
  try {
    await database.db.execute(sql`DROP DATABASE IF EXISTS restore_check`);
    await database.db.execute(sql`CREATE DATABASE restore_check`);
  } finally {
    await database.close();
  }
  return { target: temp(), targetUrl: url.replace(/\/[^/]*$/, '/restore_check') };
}

const url = process.env.DATABASE_URL ?? null;
let source: Awaited<ReturnType<typeof sourceInstance>>;
beforeAll(async () => {
  source = await sourceInstance(url);
});

/** The restored instance's rows, and the emulator accounts it got. */
async function restored(target: string, targetUrl: string | null) {
  expect(readFileSync(join(target, 'auth/firebase-export-metadata.json'), 'utf8')).toBe('{"auth":{}}');
  return kept(await everything(targetUrl, targetUrl ? null : join(target, 'pglite')));
}

describe('backup and restore', () => {
  it('say in one line which folder they cannot use and why, without a stack trace (npm run backup, restore and admin:grant)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fsa-notdir-')), 'a-file');
    writeFileSync(file, '');
    const runs = [
      [runScript('backup.ts', ['backup', join(file, 'out')], { DATABASE_URL: '' }), `npm run backup failed: ${join(file, 'out')}: not a folder`],
      [
        runScript('backup.ts', ['restore', join(file, 'in')], { DATABASE_URL: '' }),
        `npm run restore failed: ${join(file, 'in', 'manifest.json')}: not a folder`,
      ],
      [
        runScript('admin-grant.ts', ['a@example.com'], { DATA_DIR: file, DATABASE_URL: '' }),
        `npm run admin:grant failed: ${join(file, 'pglite')}: not a folder`,
      ],
    ] as const;
    for (const [run, line] of runs) expect({ code: run.code, err: run.err }).toEqual({ code: 1, err: `${line}\n` });
    rmSync(dirname(file), { recursive: true, force: true });
  });

  it('copies every table and the emulator accounts into an empty instance', async () => {
    const { target, targetUrl } = await emptyTarget(url);
    const out = join(temp(), 'b');
    expect(await backup({ dataDir: source.dir, databaseUrl: url, out })).toMatchObject({ kind: url ? 'postgres' : 'pglite', auth: true });
    await restore({ from: out, dataDir: target, databaseUrl: targetUrl });
    expect(await restored(target, targetUrl)).toEqual(source.expected);
    if (!url) await expect(restore({ from: out, dataDir: target, databaseUrl: null })).rejects.toThrow(/not empty/);
  }, 180_000);

  it('npm run backup, then npm run restore into an empty instance, gives a server that answers with the same data', async () => {
    const { target, targetUrl } = await emptyTarget(url);
    const out = join(temp(), 'b');
    // What the script does with its arguments and the configuration it loads from the environment.
    const command = (args: string[], env: Record<string, string>) => backupCommand(args, loadConfig({ ...process.env, ...env }));

    expect(await command(['backup', out], { DATA_DIR: source.dir, DATABASE_URL: url ?? '' })).toBe(
      `Backed up ${url ? 'postgres' : 'pglite'} and the emulator accounts to ${out}`,
    );
    expect(await command(['restore', out], { DATA_DIR: target, DATABASE_URL: targetUrl ?? '' })).toMatch(/^Restored (pglite|postgres) from /);
    expect(await restored(target, targetUrl)).toEqual(source.expected);
    // Restoring again over what is now a full instance is refused, and leaves it as it was.
    if (!url) await expect(command(['restore', out], { DATA_DIR: target, DATABASE_URL: '' })).rejects.toThrow(/not empty/);

    // The server opens the restored instance (its migration journal came along, so nothing is migrated twice) and serves the data.
    const deps = await createDeps(loadConfig({ DATA_DIR: target, ...(targetUrl ? { DATABASE_URL: targetUrl } : {}) }));
    try {
      const id = String(source.expected['"public"."courses"']!.find((c) => String(c.id).startsWith('backup-'))!.id);
      const res = await createApp(deps).request(`/api/courses/${id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id, title: 'Ünïcode 名前 اسم', proficiencyOrder: true });
    } finally {
      await deps.db.close();
    }
  }, 240_000);

  it('runs as npm runs it, in child processes: backup, then restore into an empty instance', async () => {
    const { target, targetUrl } = await emptyTarget(url);
    const out = join(temp(), 'b');
    const backedUp = runScript('backup.ts', ['backup', out], { DATA_DIR: source.dir, DATABASE_URL: url ?? '' });
    expect(backedUp).toEqual({ code: 0, out: `Backed up ${url ? 'postgres' : 'pglite'} and the emulator accounts to ${out}\n`, err: '' });
    const restoredByScript = runScript('backup.ts', ['restore', out], { DATA_DIR: target, DATABASE_URL: targetUrl ?? '' });
    expect(restoredByScript).toMatchObject({ code: 0, out: expect.stringMatching(/^Restored (pglite|postgres) from /) });
    expect(await restored(target, targetUrl)).toEqual(source.expected);
  }, 240_000);
});
