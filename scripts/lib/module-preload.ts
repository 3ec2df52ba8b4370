import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** A chunk's static imports as the bundler writes them: `import{a as b}from"./x.js"` or `import"./x.js"`, never `import("./x.js")`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g;
const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;

/** Every module a script imports statically, its imports' imports included, as site paths (the script itself left out). */
export function staticImports(clientDir: string, script: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    const file = join(clientDir, path);
    let code: string;
    try {
      code = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const [, relative] of code.matchAll(STATIC_IMPORT)) {
      const imported = posix.join(posix.dirname(path), relative!);
      if (imported === script || seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
  };
  visit(script);
  return [...seen].sort();
}

/**
 * After `astro build`: each prerendered page names, beside each of its module scripts, the modules that script imports
 * (`<link rel="modulepreload">`), so the browser fetches them with the script instead of after it has arrived and been
 * read. The simulator's page script is 150 KB and its small shared modules waited for it: a round trip or two before its
 * first frame on a phone. Nothing more is fetched than before, only sooner. Returns how many pages it changed.
 */
export function addModulePreloads(clientDir: string, dir = clientDir): number {
  let changed = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      changed += addModulePreloads(clientDir, path);
      continue;
    }
    if (!name.endsWith('.html')) continue;
    const html = readFileSync(path, 'utf8');
    const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
    const withPreloads = html.replace(MODULE_SCRIPT, (tag, script: string) => {
      const links = staticImports(clientDir, script)
        .filter((module) => !preloaded.has(module) && (preloaded.add(module), true))
        .map((module) => `<link rel="modulepreload" href="${module}">`);
      return links.join('') + tag;
    });
    if (withPreloads !== html) {
      writeFileSync(path, withPreloads);
      changed++;
    }
  }
  return changed;
}
