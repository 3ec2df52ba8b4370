import { apiAt, apiBase } from './lib/api.ts';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { distDir } from '../src/server/config.ts';
import { frameMeter, watchInstruments, type DrawnFrames, type Instruments } from './lib/frame-meter.ts';

/**
 * npm run bench:simulator: the browser simulator against its budgets, in Debian's Chromium without a GPU (WebGL
 * on SwiftShader, the CPU). Expects a build (npx astro build); starts the server as playwright.config.ts does, on
 * BENCH_PORT / BENCH_AUTH_PORT. Measures, on /simulator for module 1 case 1 of the seeded course, each page load in a
 * fresh browser context opened after the previous one closed, so no earlier page is still drawing:
 * - weight: every file the page loads (HTML, JavaScript with three.js, CSS, images; not /api), gzipped at level 9, those
 *   it fetches once the view is drawn included (the page is left until the network is idle);
 * - first frame: from navigation start to the `simulator:first-frame` mark, which the page sets in the animation
 *   frame after its first render, once that frame has been drawn; the median of LOADS page loads on a desktop window
 *   and LOADS on a phone's (390 x 844 at 3x, touch), alternated, after one load that warms the browser itself up
 *   (reported, not counted);
 * - script time per frame: over 10 s of scripted surgery (turning, advancing, rolling, the laser on and firing), the
 *   time spent in each animation frame that drew (made WebGL draw calls; frames that drew nothing are counted apart),
 *   timed from outside the page's code (scripts/lib/frame-meter.ts). The surgery must have moved the scope and fired
 *   the laser, as the learner's instruments show it (the distance and angle readings, the laser's state).
 * - the FETO page (/simulator for module 1 case 1 of the seeded Fetal tracheal occlusion course, the airway): its
 *   weight and first frame alike, LOADS loads on each viewport alternated with the laser page's, within the same budgets.
 * Exits 1 when a figure is over its budget or the surgery did not do what it scripts.
 */
const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4491);
const authPort = Number(process.env.BENCH_AUTH_PORT ?? 9391);
const base = `http://localhost:${port}`;
const PAGE = `${base}/simulator?course=fetoscopy-simulator&level=1&case=1&lan=en`;
const FETO_PAGE = `${base}/simulator?course=fetal-tracheal-occlusion&level=1&case=1&lan=en`;
const BUDGET = { weightKB: 300, firstFrameMs: 1000, frameScriptMs: 4 };
const LOADS = 5;

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
      if ((await fetch(apiAt(base).config.$url())).ok) break;
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

type Viewport = Parameters<Browser['newContext']>[0];
/** A laptop's window, and a phone's (390 x 844 CSS pixels at 3 device pixels each, touch): the first frame is measured on both. */
const VIEWPORTS: Record<'desktop' | 'phone', Viewport> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};
const firstFrameMark = () => performance.getEntriesByName('simulator:first-frame').length > 0;

/** Loads a page (the laser's unless told) in a fresh context and closes it; answers the files it fetched and its first-frame time. */
async function load(browser: Browser, viewport: Viewport, url = PAGE) {
  const context = await browser.newContext(viewport);
  try {
    const page = await context.newPage();
    const transfers: Promise<{ url: string; type: string; raw: number; gzip: number } | null>[] = [];
    page.on('response', (res) => {
      if (!res.url().startsWith(base) || res.url().startsWith(apiBase(base))) return;
      transfers.push(
        res.body().then(
          (body) => ({
            url: new URL(res.url()).pathname,
            type: res.request().resourceType(),
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          }),
          // A body still arriving when the context closes: the page was idle, so nothing it needed.
          () => null,
        ),
      );
    });
    await page.goto(url);
    await page.waitForFunction(firstFrameMark, null, { timeout: 60_000 });
    const firstFrame = await page.evaluate(() => performance.getEntriesByName('simulator:first-frame')[0]!.startTime);
    // What the page fetches once the view is drawn (the end of a case's code) counts in its weight too.
    await page.waitForLoadState('networkidle');
    return { firstFrame, files: (await Promise.all(transfers)).filter((f) => f !== null) };
  } finally {
    await context.close();
  }
}

/** Ten seconds of surgery a learner might do: every turn, advancing and withdrawing, rolling, the laser firing. */
async function scriptedSurgery(page: Page) {
  const moves: [string[], number][] = [
    [['ArrowRight'], 700],
    [['KeyW', 'ArrowUp'], 700],
    [['ArrowLeft', 'KeyE'], 700],
    [['ArrowDown'], 700],
    [['KeyS', 'ArrowRight'], 700],
    [['KeyQ', 'ArrowUp'], 700],
  ];
  const end = Date.now() + 10_000;
  await page.keyboard.press('Shift');
  for (let i = 0; Date.now() < end; i += 1) {
    const [keys, ms] = moves[i % moves.length]!;
    for (const k of keys) await page.keyboard.down(k);
    if (i % 2 === 0) await page.keyboard.down('Space');
    await page.waitForTimeout(Math.min(ms, Math.max(0, end - Date.now())));
    if (i % 2 === 0) await page.keyboard.up('Space');
    for (const k of keys) await page.keyboard.up(k);
  }
}

/** The scripted surgery in a fresh context of its own, its frames timed by the frame meter and its instruments watched. */
async function surgery(browser: Browser) {
  const context = await browser.newContext(VIEWPORTS.desktop);
  try {
    await context.addInitScript(frameMeter);
    const page = await context.newPage();
    await page.goto(PAGE);
    await page.waitForFunction(firstFrameMark, null, { timeout: 60_000 });
    await page.locator('#sim-start').press('Enter');
    await page.evaluate(watchInstruments);
    await page.evaluate(() => ((window as unknown as { drawnFrames: DrawnFrames }).drawnFrames.on = true));
    await scriptedSurgery(page);
    return await page.evaluate(() => {
      const seen = window as unknown as { drawnFrames: DrawnFrames; instruments: Instruments };
      seen.drawnFrames.on = false;
      return { frames: seen.drawnFrames, instruments: seen.instruments };
    });
  } finally {
    await context.close();
  }
}

const server = await startServer();
let browser: Browser | undefined;
let failed = false;
try {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const warmUp = await load(browser, VIEWPORTS.desktop);
  type Loads = Record<keyof typeof VIEWPORTS, Awaited<ReturnType<typeof load>>[]>;
  const loads: Loads = { desktop: [], phone: [] };
  const fetoLoads: Loads = { desktop: [], phone: [] };
  // Alternated, so both viewports and both pages see the same moments of a shared machine.
  for (let i = 0; i < LOADS; i += 1) {
    loads.desktop.push(await load(browser, VIEWPORTS.desktop));
    fetoLoads.desktop.push(await load(browser, VIEWPORTS.desktop, FETO_PAGE));
    loads.phone.push(await load(browser, VIEWPORTS.phone));
    fetoLoads.phone.push(await load(browser, VIEWPORTS.phone, FETO_PAGE));
  }
  const { files } = loads.desktop[0]!;
  const { frames, instruments } = await surgery(browser);

  const weightKB = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  const scriptsKB = files.filter((f) => f.type === 'script').reduce((sum, f) => sum + f.gzip, 0) / 1024;
  const work = quantile(frames.work, 0.5);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const verdict = (ok: boolean, pass = 'within budget', fail = 'OVER BUDGET') => {
    failed ||= !ok;
    return ok ? pass : fail;
  };
  console.log('Simulator page (/simulator, fetoscopy-simulator module 1 case 1)');
  for (const f of files)
    console.log(`  ${f.type.padEnd(10)} ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzipped (${(f.raw / 1024).toFixed(1)} KB raw)  ${f.url}`);
  console.log(
    `Weight: ${weightKB.toFixed(1)} KB gzipped (JavaScript ${scriptsKB.toFixed(1)} KB); budget ${BUDGET.weightKB} KB: ${verdict(weightKB <= BUDGET.weightKB)}`,
  );
  console.log(`The browser's first load (desktop), not counted: first frame drawn at ${ms(warmUp.firstFrame)}`);
  const firstFrames = (of: Loads, prefix = '') => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const times = of[name as keyof typeof VIEWPORTS].map((l) => l.firstFrame);
      const firstFrame = quantile(times, 0.5);
      const { width, height } = viewport!.viewport!;
      console.log(
        `${prefix}First frame drawn, ${name} ${width}x${height} at ${viewport!.deviceScaleFactor ?? 1}x: median ${ms(firstFrame)} from navigation start over ${LOADS} loads, each in a fresh context (${times.map(ms).join(', ')}); budget ${BUDGET.firstFrameMs} ms: ${verdict(firstFrame <= BUDGET.firstFrameMs)}`,
      );
    }
  };
  firstFrames(loads);
  const fetoKB = fetoLoads.desktop[0]!.files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  const fetoScriptsKB = fetoLoads.desktop[0]!.files.filter((f) => f.type === 'script').reduce((sum, f) => sum + f.gzip, 0) / 1024;
  console.log('FETO page (/simulator, fetal-tracheal-occlusion module 1 case 1, the airway)');
  console.log(
    `  Weight: ${fetoKB.toFixed(1)} KB gzipped (JavaScript ${fetoScriptsKB.toFixed(1)} KB); budget ${BUDGET.weightKB} KB: ${verdict(fetoKB <= BUDGET.weightKB)}`,
  );
  firstFrames(fetoLoads, '  ');
  const moved = instruments.readings.length > 1;
  const fired = instruments.laser.includes('firing');
  console.log(
    `Scripted surgery: ${instruments.readings.length} distinct distance and angle readings (first ${instruments.readings[0]}, last ${instruments.readings.at(-1)}): ${verdict(moved, 'the scope moved', 'THE SCOPE DID NOT MOVE')}; laser states shown ${instruments.laser.join(', ')}: ${verdict(fired, 'the laser fired', 'THE LASER NEVER FIRED')}`,
  );
  console.log(`Frames that drew over 10 s of scripted surgery: ${frames.work.length} (animation frames that drew nothing, not counted: ${frames.idle})`);
  console.log(
    `  interval between drawn frames (includes SwiftShader's drawing on the CPU): median ${ms(quantile(frames.intervals, 0.5))}, 95th percentile ${ms(quantile(frames.intervals, 0.95))}`,
  );
  console.log(
    `  script time per drawn frame: median ${ms(work)}, 95th percentile ${ms(quantile(frames.work, 0.95))}; budget median ${BUDGET.frameScriptMs} ms: ${verdict(work <= BUDGET.frameScriptMs)}`,
  );
  console.log(`Headless Chromium with --disable-gpu: WebGL is drawn on the CPU. Machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}.`);
} finally {
  await browser?.close();
  await server.stop();
}
if (failed) {
  console.error('bench:simulator: a budget was exceeded, or the scripted surgery did not move the scope and fire the laser.');
  process.exit(1);
}
