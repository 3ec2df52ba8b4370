import { backupCommand } from '../src/server/db/backup.ts';
import { loadConfig } from '../src/server/config.ts';

/** npm run backup -- [folder] and npm run restore -- <folder>: src/server/db/backup.ts does the work. */
const done = await backupCommand(process.argv.slice(2), loadConfig());
if (done === null) {
  console.error('Usage: npm run backup -- [folder] | npm run restore -- <folder>');
  process.exit(2);
}
console.log(done);
