import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../src/server/audit.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema.ts';

/**
 * npm run admin:grant -- <uid | email>: makes one existing account an administrator (how production gets its first
 * admin). An email must match exactly one profile; profiles take their address from the verified sign-in token.
 */
const target = process.argv[2]?.trim();
if (!target) {
  console.error('Usage: npm run admin:grant -- <uid | email>   (the uid is shown in the Firebase console, Authentication > Users)');
  process.exit(2);
}

let database: Database;
try {
  const config = loadConfig();
  database = await openDatabase(config.databaseUrl, join(config.dataDir, 'pglite'));
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const db = database.db;
try {
  const byEmail = target.includes('@');
  const where = byEmail ? and(eq(sql`lower(${users.email})`, target.toLowerCase()), ne(users.email, '')) : eq(users.id, target);
  const found = await db.select().from(users).where(where);
  const [user] = found;
  if (!user) {
    console.error(`No account with the ${byEmail ? 'email' : 'uid'} ${target}: sign up on the site first, then run this again. Nothing changed.`);
    process.exitCode = 1;
  } else if (found.length > 1) {
    console.error(`${found.length} accounts have the email ${target} (${found.map((u) => u.id).join(', ')}): pass the uid of the right one. Nothing changed.`);
    process.exitCode = 1;
  } else if (user.isAdmin) {
    console.log(`${user.email || '(no email)'} (uid ${user.id}, ${user.name || 'no name'}) is already an administrator. Nothing changed.`);
  } else {
    await db.transaction(async (tx) => {
      const [after] = await tx.update(users).set({ isAdmin: true }).where(eq(users.id, user.id)).returning();
      await recordAudit(tx, { uid: 'admin:grant', email: null }, 'user', user.id, 'update', { isAdmin: false }, { isAdmin: after!.isAdmin });
    });
    console.log(`${user.email || '(no email)'} (uid ${user.id}, ${user.name || 'no name'}) is now an administrator.`);
  }
} finally {
  await database.close();
}
