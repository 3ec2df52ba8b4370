import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema.ts';
import { join } from 'node:path';

/** npm run admin:grant -- <email>: makes an existing account an administrator (how production gets its first admin). */
const email = process.argv[2]?.trim().toLowerCase();
if (!email || !email.includes('@')) {
  console.error('Usage: npm run admin:grant -- <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.databaseUrl, join(config.dataDir, 'pglite'));
try {
  const updated = await database.db
    .update(users)
    .set({ isAdmin: true })
    .where(eq(sql`lower(${users.email})`, email))
    .returning({ id: users.id });
  if (updated.length === 0) {
    console.error(`No user with the email ${email}: sign up on the site first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} (${updated.map((u) => u.id).join(', ')}) is now an administrator.`);
  }
} finally {
  await database.close();
}
