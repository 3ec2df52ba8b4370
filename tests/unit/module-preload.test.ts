import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addModulePreloads, staticImports } from '../../scripts/lib/module-preload.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A built site: a page whose script imports b (which imports c) and fetches d only when asked. */
function site() {
  dir = mkdtempSync(join(tmpdir(), 'preload-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'simulator'));
  writeFileSync(join(dir, '_astro/page.A1.js'), 'import{t as e}from"./b.B2.js";import"./c.C3.js";const d=()=>import("./d.D4.js");e(d);');
  writeFileSync(join(dir, '_astro/b.B2.js'), 'import{x}from"./c.C3.js";export const t=x;');
  writeFileSync(join(dir, '_astro/c.C3.js'), 'export const x=1;');
  writeFileSync(join(dir, '_astro/d.D4.js'), 'export const y=2;');
  const page = '<html><head></head><body><main></main><script type="module" src="/_astro/page.A1.js"></script></body></html>';
  writeFileSync(join(dir, 'simulator/index.html'), page);
  return join(dir, 'simulator/index.html');
}

describe('module preloads', () => {
  it('lists what a script imports statically, through its imports, and not what it imports when asked', () => {
    site();
    expect(staticImports(dir, '/_astro/page.A1.js')).toEqual(['/_astro/b.B2.js', '/_astro/c.C3.js']);
  });

  it('names them beside the page script, once, and leaves a page already done as it is', () => {
    const page = site();
    expect(addModulePreloads(dir)).toBe(1);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain(
      '<link rel="modulepreload" href="/_astro/b.B2.js"><link rel="modulepreload" href="/_astro/c.C3.js"><script type="module" src="/_astro/page.A1.js"></script>',
    );
    expect(html).not.toContain('d.D4.js');
    expect(addModulePreloads(dir)).toBe(0);
    expect(readFileSync(page, 'utf8')).toBe(html);
  });
});
