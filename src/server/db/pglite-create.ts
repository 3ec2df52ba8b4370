import { openMigratedPglite } from './client.ts';

/** Run in a child process by client.ts: creates the PGlite data folder named by its argument and migrates it. */
const pglite = await openMigratedPglite(process.argv[2]!);
await pglite.close();
