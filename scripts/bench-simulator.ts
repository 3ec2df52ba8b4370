import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { distDir } from '../src/server/config.ts';

/**
 * npm run bench:simulator: the browser simulator's weight and speed. Expects a build (npx astro build); starts
 * the server as playwright.config.ts does, on BENCH_PORT / BENCH_AUTH_PORT, and measures in Debian's Chromium:
 * the page's HTML, JS and assets gzipped, the time to the first rendered frame, and frame times over 10 s of
 * scripted movement.
 */
const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4491);
const authPort = Number(process.env.BENCH_AUTH_PORT ?? 9391);
const base = `http://localhost:${port}`;
const BUDGET_KB = 300;

if (!existsSync(join(distDir(), 'server/entry.mjs'))) {
  console.error('No build found: run `npx astro build` first.');
  process.exit(1);
}

async function startServer() {
  const child = spawn(process.execPath, ['scripts/start.ts', '--fresh'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), AUTH_EMULATOR_PORT: String(authPort), DATA_DIR: `test-results/bench-data-${port}`, NODE_ENV: 'development' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server exited before answering');
    if (Date.now() > until) throw new Error(`The server did not answer at ${base} within 240 s`);
    try {
      if ((await fetch(`${base}/api/config`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { stop: async () => (child.kill('SIGINT'), exited) };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** Ten seconds of movement a learner might make: every direction, the laser on, some burns. */
async function scriptedMovement(page: Page) {
  const moves: [string[], number][] = [
    [['ArrowRight'], 900],
    [['ArrowUp'], 900],
    [['ArrowLeft', 'ArrowUp'], 900],
    [['ArrowLeft'], 900],
    [['ArrowDown'], 900],
    [['ArrowRight', 'ArrowDown'], 900],
  ];
  const end = Date.now() + 10_000;
  await page.keyboard.press('Shift');
  let i = 0;
  while (Date.now() < end) {
    const [keys, ms] = moves[i % moves.length]!;
    for (const k of keys) await page.keyboard.down(k);
    if (i % 2 === 0) await page.keyboard.down('Space');
    await page.waitForTimeout(Math.min(ms, Math.max(0, end - Date.now())));
    if (i % 2 === 0) await page.keyboard.up('Space');
    for (const k of keys) await page.keyboard.up(k);
    i += 1;
  }
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const transfers: Promise<{ url: string; type: string; raw: number; gzip: number }>[] = [];
  page.on('response', (res) => {
    if (!res.url().startsWith(base) || res.url().includes('/api/')) return;
    transfers.push(
      res.body().then((body) => ({ url: new URL(res.url()).pathname, type: res.request().resourceType(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(`${base}/simulator?userid=bench&course=fetoscopy-simulator&level=1&case=1&lan=en`);
  await page.waitForFunction(() => performance.getEntriesByName('simulator:first-frame').length > 0, null, { timeout: 60_000 });
  const firstFrame = await page.evaluate(() => performance.getEntriesByName('simulator:first-frame')[0]!.startTime);
  const files = await Promise.all(transfers);

  await page.locator('#sim-start').press('Enter');
  await page.evaluate(() => {
    const frames = (window as unknown as { simulatorFrames: { intervals: number[]; work: number[] } }).simulatorFrames;
    frames.intervals.length = 0;
    frames.work.length = 0;
  });
  await scriptedMovement(page);
  const frames = await page.evaluate(() => (window as unknown as { simulatorFrames: { intervals: number[]; work: number[] } }).simulatorFrames);

  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const scripts = files.filter((f) => f.type === 'script').reduce((sum, f) => sum + f.gzip, 0);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log('Simulator page (/simulator, fetoscopy-simulator module 1 case 1)');
  for (const f of files) console.log(`  ${f.type.padEnd(10)} ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzipped (${(f.raw / 1024).toFixed(1)} KB raw)  ${f.url}`);
  console.log(`  total: ${(gzip / 1024).toFixed(1)} KB gzipped (JavaScript ${(scripts / 1024).toFixed(1)} KB), budget ${BUDGET_KB} KB: ${gzip / 1024 <= BUDGET_KB ? 'within' : 'OVER'}`);
  console.log(`Time to first rendered frame: ${ms(firstFrame)} from navigation start`);
  console.log(`Frames over 10 s of scripted movement: ${frames.intervals.length}`);
  console.log(`  frame interval: median ${ms(quantile(frames.intervals, 0.5))}, 95th percentile ${ms(quantile(frames.intervals, 0.95))}`);
  console.log(`  script work per frame (model + draw calls): median ${ms(quantile(frames.work, 0.5))}, 95th percentile ${ms(quantile(frames.work, 0.95))}`);
  console.log(
    `Measured in headless Chromium with --disable-gpu: WebGL runs on the CPU (SwiftShader), so frame times are far slower than on a laptop's GPU. ` +
      `Machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}.`,
  );
} finally {
  await browser.close();
  await server.stop();
}
