import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { waitUntil } from './lib/processes.ts';

/**
 * npm run audit:lighthouse: starts the built server on its own port and data dir, runs Lighthouse (mobile, Debian's Chromium)
 * on home in every locale and on /news and /support in English, prints the four scores and the JavaScript home loads before
 * any interaction, then stops the server. AUDIT_PORT / AUDIT_AUTH_PORT move the ports.
 */
const root = join(import.meta.dirname, '..');
const port = Number(process.env.AUDIT_PORT ?? 4491);
const authPort = Number(process.env.AUDIT_AUTH_PORT ?? 9391);
const base = `http://localhost:${port}`;
const dataDir = join(root, `test-results/lighthouse-data-${port}`);
const LOCALES = ['en', 'es', 'fr', 'ar', 'pt', 'zh-CN', 'ru'];
const PAGES = [...LOCALES.map((l) => (l === 'en' ? '/' : `/${l}`)), '/news', '/support'];
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 96, seo: 100 } as const;
const JS_BUDGET = 30 * 1024;

/** The scripts a page runs without waiting for idle or visibility: its <script src> and their static imports (islands excluded). */
async function eagerScripts(path: string): Promise<Map<string, number>> {
  const html = await (await fetch(base + path)).text();
  const pending = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => new URL(m[1]!, base + path).href);
  const sizes = new Map<string, number>();
  while (pending.length) {
    const url = pending.pop()!;
    if (sizes.has(url)) continue;
    const code = await (await fetch(url)).text();
    sizes.set(url, gzipSync(code, { level: 9 }).length);
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+?from\s*)?["']([^"']+\.js)["']/g)) pending.push(new URL(m[1]!, url).href);
  }
  return sizes;
}

const server = spawn(process.execPath, ['scripts/start.ts', '--fresh'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), AUTH_EMULATOR_PORT: String(authPort), DATA_DIR: dataDir, NODE_ENV: 'development' },
});
let chrome: chromeLauncher.LaunchedChrome | null = null;
let failed = false;
try {
  await waitUntil(`${base}/api/config`, 240_000);
  chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const rows: string[][] = [];
  for (const path of PAGES) {
    const result = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
    const lhr = result!.lhr;
    const scores = Object.keys(TARGETS).map((k) => Math.round((lhr.categories[k]?.score ?? 0) * 100));
    const loaded = ((lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })?.items ?? [])
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const miss = Object.values(TARGETS).some((target, i) => scores[i]! < target);
    failed ||= miss;
    const ms = (id: string) => `${(lhr.audits[id]?.numericValue ?? 0).toFixed(0)} ms`;
    const cls = (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3);
    rows.push([path, ...scores.map(String), ms('first-contentful-paint'), ms('largest-contentful-paint'), ms('total-blocking-time'), cls, `${(loaded / 1024).toFixed(1)} KB`, miss ? 'below target' : 'ok']);
  }
  const header = ['page', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'JS incl. idle (wire)', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, targets: performance >= 98, accessibility 100, best practices >= 96, SEO 100\n`);
  console.log([line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));

  const eager = await eagerScripts('/');
  const total = [...eager.values()].reduce((a, b) => a + b, 0);
  console.log(`\nJavaScript home loads before any interaction (islands on idle/visible excluded), gzipped: ${(total / 1024).toFixed(1)} KB (budget 30 KB)`);
  for (const [url, size] of eager) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  if (total > JS_BUDGET) failed = true;
} finally {
  chrome?.kill();
  server.kill('SIGINT');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
