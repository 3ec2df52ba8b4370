import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { distDir } from '../src/server/config.ts';
import { addModulePreloads } from './lib/module-preload.ts';

/** After `astro build`: the pages' module preloads (lib/module-preload.ts), then brotli and gzip copies of every text asset, which the server holds in memory with the files and sends to browsers that accept them. */
const TEXT = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest)$/;

export function compressDir(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += compressDir(path);
    } else if (TEXT.test(name) && statSync(path).size > 512) {
      const data = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      count++;
    }
  }
  return count;
}

if (import.meta.main) {
  const client = join(distDir(), 'client');
  console.log(`module preloads added to ${addModulePreloads(client)} pages`);
  console.log(`compressed ${compressDir(client)} files`);
}
