import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../src/server/backup.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { plans, users } from '../../src/server/db/schema.ts';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fsa-backup-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function rows(url: string | null, dir: string | null) {
  const database = await openDatabase(url, dir);
  try {
    return JSON.stringify({
      users: await database.db.select().from(users).orderBy(users.id),
      plans: await database.db.select().from(plans).orderBy(plans.id),
    });
  } finally {
    await database.close();
  }
}

/** Fills the configured database (PGlite in a folder, or DATABASE_URL), backs it up, restores into an empty instance. */
async function roundTrip(url: string | null) {
  const source = temp();
  const database = await openDatabase(url, url ? null : join(source, 'pglite'));
  const id = `backup-${Date.now()}`;
  await database.db.insert(users).values({ id, email: `${id}@example.com`, name: 'Ünïcode 名前', subscriptions: [] });
  await database.db.insert(plans).values({ id, title: 'Plan', price: 12.34, duration: 3, description: 'd', courses: [], visibility: false });
  let targetUrl: string | null = null;
  if (url) {
    await database.db.execute(sql`DROP DATABASE IF EXISTS restore_check`);
    await database.db.execute(sql`CREATE DATABASE restore_check`);
    targetUrl = url.replace(/\/[^/]*$/, '/restore_check');
  }
  await database.close();
  mkdirSync(join(source, 'auth'));
  writeFileSync(join(source, 'auth/firebase-export-metadata.json'), '{"auth":{}}');
  const expected = await rows(url, url ? null : join(source, 'pglite'));

  const out = join(temp(), 'b');
  expect(await backup({ dataDir: source, databaseUrl: url, out })).toMatchObject({ kind: url ? 'postgres' : 'pglite', auth: true });
  const target = temp();
  await restore({ from: out, dataDir: target, databaseUrl: targetUrl });
  expect(await rows(targetUrl, targetUrl ? null : join(target, 'pglite'))).toBe(expected);
  expect(readFileSync(join(target, 'auth/firebase-export-metadata.json'), 'utf8')).toBe('{"auth":{}}');
  if (!url) await expect(restore({ from: out, dataDir: target, databaseUrl: null })).rejects.toThrow(/not empty/);
}

describe('backup and restore', () => {
  it('copies the database and the emulator accounts into an empty instance', () => roundTrip(process.env.DATABASE_URL ?? null), 180_000);
});
