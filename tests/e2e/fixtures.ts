import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { slower } from '../../playwright.config.ts';

/** The slow machine check: E2E_CPU_THROTTLE=6 runs every page's scripts and layout six times slower (Chromium's own throttling). */
const cpuSlowdown = Number(process.env.E2E_CPU_THROTTLE ?? 1);
async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/**
 * Playwright's test, failing any journey whose pages raise a Content-Security-Policy violation or an uncaught
 * error: the default page, any page it opens, and pages of contexts the journey creates itself; on a slowed machine
 * (E2E_CPU_THROTTLE) every page is throttled and the journey's own time limit grows. The contexts a journey creates
 * are closed when it ends: one left open kept its pages running beside the next journeys of the worker, and a later
 * failure's page snapshot showed its page instead of the failing journey's.
 */
export const test = base.extend<{ pageGuard: void }>({
  pageGuard: [
    async ({ context, browser }, use, testInfo) => {
      // A journey's own time limit (test.setTimeout in its body) grows on a slowed machine as the config's limits do.
      const setTimeout = testInfo.setTimeout.bind(testInfo);
      testInfo.setTimeout = (ms: number) => setTimeout(ms * slower);
      const violations: string[] = [];
      const errors: string[] = [];
      const watchPage = (page: Page) => {
        // A page closed before its throttling was set needs none.
        if (cpuSlowdown > 1) slowDown(page).catch(() => {});
        page.on('console', (msg) => {
          if (/Content Security Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
        });
        page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
      };
      const watchContext = (ctx: BrowserContext) => {
        ctx.pages().forEach(watchPage);
        ctx.on('page', watchPage);
      };
      watchContext(context);
      const newContext = browser.newContext.bind(browser);
      const opened: BrowserContext[] = [];
      const patched: Browser['newContext'] = async (options) => {
        const ctx = await newContext(options);
        opened.push(ctx);
        watchContext(ctx);
        return ctx;
      };
      browser.newContext = patched;
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        await Promise.all(opened.map((ctx) => ctx.close()));
      }
      expect(violations, 'CSP violations').toEqual([]);
      expect(errors, 'uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
