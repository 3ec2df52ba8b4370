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

describe('the ids of modules and cases', () => {
  it("are made from their places, in courses and drafts alike, and every attempt names its case's id", async () => {
    const client = newDatabase();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(16) });
    const levels = [
      {
        title: 'A',
        active: true,
        cases: [
          { title: 'A1', bubbles: [] },
          { title: 'A2', bubbles: [], passMark: 60 },
        ],
      },
      { title: 'Empty', active: false, cases: [] },
      { title: 'B', active: true, cases: [{ title: 'B1', bubbles: [] }] },
    ];
    await client.query(`INSERT INTO courses (id, title, subtitle, levels) VALUES ('c', 'C', 's', $1), ('none', 'N', 's', '[]')`, [JSON.stringify(levels)]);
    await client.query(`INSERT INTO course_drafts (course_id, body, updated_by) VALUES ('c', $1, 'admin')`, [
      JSON.stringify({ title: 'C', subtitle: 's', levels: [...levels, { title: 'New', active: true, cases: [{ title: 'N1', bubbles: [] }] }] }),
    ]);
    await client.exec(`
      INSERT INTO attempts (id, user_id, course_id, level, case_index, score, metrics) VALUES
        ('a', 'learner', 'c', 1, 2, 80, '{}'), ('b', 'learner', 'c', 3, 1, 50, '{}');
    `);
    await migrate(db, { migrationsFolder: source });
    const ids = (list: Array<{ id: string; cases: Array<{ id: string }> }>) => list.map((l) => [l.id, l.cases.map((c) => c.id)]);
    const courses = (
      await client.query<{ id: string; levels: typeof levels & Array<{ id: string; cases: Array<{ id: string }> }> }>(
        'SELECT id, levels FROM courses ORDER BY id',
      )
    ).rows;
    expect(ids(courses[0]!.levels)).toEqual([
      ['m1', ['m1c1', 'm1c2']],
      ['m2', []],
      ['m3', ['m3c1']],
    ]);
    expect(courses[0]!.levels[0]!.cases[1]).toEqual({ id: 'm1c2', title: 'A2', bubbles: [], passMark: 60 });
    expect(courses[1]!.levels).toEqual([]);
    const [draft] = (await client.query<{ body: { levels: Array<{ id: string; cases: Array<{ id: string }> }> } }>('SELECT body FROM course_drafts')).rows;
    expect(ids(draft!.body.levels)).toEqual([
      ['m1', ['m1c1', 'm1c2']],
      ['m2', []],
      ['m3', ['m3c1']],
      ['m4', ['m4c1']],
    ]);
    expect((await client.query('SELECT id, case_id FROM attempts ORDER BY id')).rows).toEqual([
      { id: 'a', case_id: 'm1c2' },
      { id: 'b', case_id: 'm3c1' },
    ]);
    await client.close();
  });
});

describe('the demo courses seeded before cases said which simulator plays them', () => {
  it('give their cases that set neither a task nor laser parameters their course procedure, and leave every other course and case', async () => {
    const client = newDatabase();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(20) });
    const levels = (...cases: object[]) => JSON.stringify([{ id: 'm1', title: 'A', active: true, cases }]);
    const bare = { id: 'm1c1', title: 'A1', bubbles: [] };
    const laser = { id: 'm1c2', title: 'A2', bubbles: [], sim: { task: 'selective' } };
    const shunt = { id: 'm1c3', title: 'A3', bubbles: [], task: 'catheter-placement' };
    await client.query(
      `INSERT INTO courses (id, title, subtitle, levels) VALUES ('bronchoscopy', 'B', 's', $1), ('pleuroamniotic', 'P', 's', $2), ('own', 'O', 's', $1), ('catheter-placement', 'C', 's', '[]')`,
      [levels(bare, laser), levels(bare, shunt)],
    );
    await migrate(db, { migrationsFolder: source });
    const cases = async (id: string) =>
      (await client.query<{ levels: Array<{ cases: object[] }> }>('SELECT levels FROM courses WHERE id = $1', [id])).rows[0]!.levels.flatMap((l) => l.cases);
    expect(await cases('bronchoscopy')).toEqual([{ ...bare, task: 'bronchoscopy' }, laser]);
    expect(await cases('pleuroamniotic')).toEqual([{ ...bare, task: 'pleuroamniotic-shunt' }, shunt]);
    expect(await cases('own')).toEqual([bare, laser]);
    expect(await cases('catheter-placement')).toEqual([]);
    await client.close();
  });
});

describe('the invoices of payments captured before invoices were numbered', () => {
  it('are numbered in the order they were captured, the counter going on from the last, and a payment made while the plan was held is a renewal', async () => {
    const client = newDatabase();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(21) });
    await client.exec(`
      INSERT INTO orders (id, user_id, plan_id, amount, status, captured_at, paid_until) VALUES
        ('SECOND', 'lea', 'plan-a', 199, 'COMPLETED', '2026-02-01', '2026-08-01'),
        ('FIRST', 'lea', 'plan-a', 199, 'COMPLETED', '2026-01-01', '2026-04-01'),
        ('LATER', 'lea', 'plan-a', 199, 'COMPLETED', '2026-09-01', '2026-12-01'),
        ('OTHER', 'otto', 'plan-a', 199, 'COMPLETED', '2026-01-15', '2026-04-15'),
        ('OPEN', 'lea', 'plan-a', 199, 'CREATED', NULL, NULL);
    `);
    await migrate(db, { migrationsFolder: source });
    const rows = (await client.query('SELECT id, invoice_number, kind FROM orders ORDER BY id')).rows;
    expect(rows).toEqual([
      { id: 'FIRST', invoice_number: 1, kind: 'purchase' },
      { id: 'LATER', invoice_number: 4, kind: 'purchase' },
      { id: 'OPEN', invoice_number: null, kind: 'purchase' },
      { id: 'OTHER', invoice_number: 2, kind: 'purchase' },
      { id: 'SECOND', invoice_number: 3, kind: 'renewal' },
    ]);
    expect((await client.query('SELECT id, last FROM invoice_counter')).rows).toEqual([{ id: 1, last: 4 }]);
    await client.close();
  });
});
