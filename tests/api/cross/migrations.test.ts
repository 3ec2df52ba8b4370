import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxTables, sandboxMessages } from '../../../src/sandbox/messages.ts';

const source = join(import.meta.dirname, '../../../src/server/db/migrations');
const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

// A new PGlite runs initdb (seconds); each test starts from a copy of one made here, untouched (well under a second).
let blank: Blob;
beforeAll(async () => {
  const client = new PGlite();
  // dumpDataDir never settles on an instance that is not ready yet.
  await client.waitReady;
  blank = await client.dumpDataDir('none');
  await client.close();
});
const newDatabase = () => new PGlite({ loadDataDir: blank });

/** The migrations folder as it stood after migration `last` (its journal cut there). */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'fsa-migrations-'));
  folders.push(dir);
  cpSync(source, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

describe('the unique-email migration on a database that already has duplicates', () => {
  it('keeps the earliest profile its address, clears the others with an audit entry, then refuses new duplicates', async () => {
    const client = newDatabase();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(1) });
    await client.exec(`
      INSERT INTO users (id, email, is_admin, created_at) VALUES
        ('boss', 'boss@example.com', true, '2026-01-01'),
        ('impostor', 'BOSS@example.com', true, '2026-02-01'),
        ('learner', 'learner@example.com', false, '2026-01-02');
    `);
    await migrate(db, { migrationsFolder: source });
    const rows = (await client.query<{ id: string; email: string; is_admin: boolean }>('SELECT id, email, is_admin FROM users ORDER BY id')).rows;
    expect(rows).toEqual([
      { id: 'boss', email: 'boss@example.com', is_admin: true },
      { id: 'impostor', email: '', is_admin: true },
      { id: 'learner', email: 'learner@example.com', is_admin: false },
    ]);
    const audit = (await client.query('SELECT actor, entity, entity_id, before, after FROM audit')).rows;
    expect(audit).toEqual([{ actor: 'migration', entity: 'user', entity_id: 'impostor', before: { email: 'BOSS@example.com' }, after: { email: '' } }]);
    await expect(client.query(`INSERT INTO users (id, email) VALUES ('again', 'Boss@Example.com')`)).rejects.toThrow(/unique/);
    await client.query(`INSERT INTO users (id, email) VALUES ('no-email', '')`);
    await client.close();
  });
});

describe('the receipts of payments captured before receipts kept their facts', () => {
  it('take the buyer, the plan and the access end from the records as they stand', async () => {
    const client = newDatabase();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(6) });
    await client.exec(`
      INSERT INTO users (id, email, name, subscriptions) VALUES
        ('learner', 'learner@example.com', 'Lea Learner', '[{"provider":"Paypal","plan_name":"x","product_id":"plan-a","subscription_id":"sub-1","next_billing_time":{"seconds":1900000000,"nanoseconds":0}}]');
      INSERT INTO plans (id, title, price, duration, description, translations) VALUES ('plan-a', 'Fetoscopy', 199, 3, 'd', '{"es":{"title":"Fetoscopia"}}');
      INSERT INTO orders (id, user_id, plan_id, amount, status, subscription_id, captured_at) VALUES
        ('PAID', 'learner', 'plan-a', 199, 'COMPLETED', 'sub-1', '2026-01-01'),
        ('OPEN', 'learner', 'plan-a', 199, 'CREATED', NULL, NULL);
    `);
    await migrate(db, { migrationsFolder: source });
    const rows = (await client.query('SELECT id, buyer_name, buyer_email, plan_title, plan_translations, paid_until FROM orders ORDER BY id')).rows;
    expect(rows).toEqual([
      { id: 'OPEN', buyer_name: '', buyer_email: '', plan_title: '', plan_translations: {}, paid_until: null },
      {
        id: 'PAID',
        buyer_name: 'Lea Learner',
        buyer_email: 'learner@example.com',
        plan_title: 'Fetoscopy',
        plan_translations: { es: { title: 'Fetoscopia' } },
        paid_until: new Date(1_900_000_000_000),
      },
    ]);
    await client.close();
  });
});

describe("the form stand-ins' messages", () => {
  it('leave the production schema, and the stand-ins create their own table again, as often as they are loaded', async () => {
    const client = newDatabase();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(8) });
    await client.exec(`INSERT INTO sandbox_messages (service, body) VALUES ('forms', '{"Nombre":"Ana"}')`);
    await migrate(db, { migrationsFolder: source });
    const tables = async () => (await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE tablename = 'sandbox_messages'`)).rows;
    expect(await tables()).toEqual([]);
    await createSandboxTables(db);
    await createSandboxTables(db);
    await db.insert(sandboxMessages).values({ service: 'formmail', body: { Nombre: 'Ana' } });
    expect(await db.select({ service: sandboxMessages.service, body: sandboxMessages.body }).from(sandboxMessages)).toEqual([
      { service: 'formmail', body: { Nombre: 'Ana' } },
    ]);
    await client.close();
  });
});
