import { join } from 'node:path';
import { grantAdmin } from '../src/server/access/admins.ts';
import { loadConfig, scriptFailure } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';

/**
 * npm run admin:grant -- <uid | email>: makes one existing account an administrator (how production gets its first
 * admin). An email must match exactly one profile that has verified it (an impostor can sign up with anyone's address,
 * not open its mail); the uid is for when you know whose account it is.
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
  console.error(`npm run admin:grant failed: ${scriptFailure(err)}`);
  process.exit(1);
}
try {
  const { ok, message } = await grantAdmin(database.db, target);
  if (ok) {
    console.log(message);
  } else {
    console.error(message);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
