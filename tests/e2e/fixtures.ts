import { expect, test as base } from '@playwright/test';

/** Playwright's test, failing any journey whose pages raise a Content-Security-Policy violation or an uncaught error. */
export const test = base.extend<{ pageGuard: void }>({
  pageGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
      await use();
      expect(violations, 'CSP violations').toEqual([]);
      expect(errors, 'uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
