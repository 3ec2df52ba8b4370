import { backupCommand } from '../src/server/db/backup.ts';
import { loadConfig, scriptFailure } from '../src/server/config.ts';

/** npm run backup -- [folder] and npm run restore -- <folder>: src/server/db/backup.ts does the work; a failure is one line. */
const [command = 'backup'] = process.argv.slice(2);
const done = await Promise.resolve()
  .then(() => backupCommand(process.argv.slice(2), loadConfig()))
  .catch((err: unknown) => {
    console.error(`npm run ${command === 'restore' ? 'restore' : 'backup'} failed: ${scriptFailure(err)}`);
    process.exit(1);
  });
if (done === null) {
  console.error('Usage: npm run backup -- [folder] | npm run restore -- <folder>');
  process.exit(2);
}
console.log(done);
