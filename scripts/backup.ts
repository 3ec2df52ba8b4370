import { join } from 'node:path';
import { backup, restore } from '../src/server/backup.ts';
import { loadConfig } from '../src/server/config.ts';

/** npm run backup -- [folder] (a new dated folder under backups/ by default) and npm run restore -- <folder>. */
const [command, folder] = process.argv.slice(2);
const config = loadConfig();
if (command === 'backup') {
  const out = folder ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-'));
  const manifest = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, out });
  console.log(`Backed up ${manifest.kind}${manifest.auth ? ' and the emulator accounts' : ''} to ${out}`);
} else if (command === 'restore' && folder) {
  const manifest = await restore({ from: folder, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  console.log(`Restored ${manifest.kind} from ${folder} (made ${manifest.createdAt})`);
} else {
  console.error('Usage: npm run backup -- [folder] | npm run restore -- <folder>');
  process.exit(2);
}
