import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/** What a backup folder holds: the database (a PGlite archive or a pg_dump) and the Auth emulator's accounts. */
export interface Manifest {
  kind: 'pglite' | 'postgres';
  createdAt: string;
  auth: boolean;
}

const DB_ARCHIVE = 'pglite.tar.gz';
const PG_DUMP = 'postgres.dump';

/** A consistent copy of PGlite's data (the server must be stopped: PGlite is single-process) or of a PostgreSQL database. */
export async function backup(opts: { dataDir: string; databaseUrl: string | null; out: string }): Promise<Manifest> {
  mkdirSync(opts.out, { recursive: true });
  if (readdirSync(opts.out).length > 0) throw new Error(`${opts.out} is not empty`);
  let kind: Manifest['kind'];
  if (opts.databaseUrl) {
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${join(opts.out, PG_DUMP)}`, opts.databaseUrl], { stdio: 'inherit' });
    kind = 'postgres';
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(join(opts.dataDir, 'pglite'));
    try {
      // dumpDataDir never settles on an instance that is not ready yet.
      await db.waitReady;
      const archive = await db.dumpDataDir('gzip');
      writeFileSync(join(opts.out, DB_ARCHIVE), Buffer.from(await archive.arrayBuffer()));
    } finally {
      await db.close();
    }
    kind = 'pglite';
  }
  const authDir = join(opts.dataDir, 'auth');
  const auth = existsSync(join(authDir, 'firebase-export-metadata.json'));
  if (auth) cpSync(authDir, join(opts.out, 'auth'), { recursive: true });
  const manifest: Manifest = { kind, createdAt: new Date().toISOString(), auth };
  writeFileSync(join(opts.out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Restores a backup into an empty instance: an empty DATA_DIR for PGlite, an empty database for PostgreSQL. */
export async function restore(opts: { from: string; dataDir: string; databaseUrl: string | null }): Promise<Manifest> {
  const manifest = JSON.parse(readFileSync(join(opts.from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.kind === 'postgres') {
    if (!opts.databaseUrl) throw new Error('This backup is a PostgreSQL dump: set DATABASE_URL to the empty database to restore into');
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${opts.databaseUrl}`, join(opts.from, PG_DUMP)], { stdio: 'inherit' });
  } else {
    const target = join(opts.dataDir, 'pglite');
    if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty: restore goes into an empty instance`);
    mkdirSync(target, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const archive = new Blob([readFileSync(join(opts.from, DB_ARCHIVE))]);
    const db = new PGlite({ dataDir: target, loadDataDir: archive });
    await db.waitReady;
    await db.close();
  }
  if (manifest.auth) cpSync(join(opts.from, 'auth'), join(opts.dataDir, 'auth'), { recursive: true });
  return manifest;
}

/**
 * What npm run backup -- [folder] (a new dated folder under backups/ by default) and npm run restore -- <folder> do
 * with their arguments: the line they print when done, or null when the arguments are not one of those two.
 */
export async function backupCommand([command, folder]: string[], config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<string | null> {
  const { dataDir, databaseUrl } = config;
  if (command === 'backup') {
    const out = folder ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-'));
    const manifest = await backup({ dataDir, databaseUrl, out });
    return `Backed up ${manifest.kind}${manifest.auth ? ' and the emulator accounts' : ''} to ${out}`;
  }
  if (command === 'restore' && folder) {
    const manifest = await restore({ from: folder, dataDir, databaseUrl });
    return `Restored ${manifest.kind} from ${folder} (made ${manifest.createdAt})`;
  }
  return null;
}
