import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDeps } from '../../src/server/services.ts';

const REAL_SERVICES = {
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  FORM_MAIL_URL: 'https://mail.example.org/f/1',
  FORM_SUBMIT_URL: 'https://forms.example.org/submit',
};

const server = join(import.meta.dirname, '../../src/server');

/**
 * The modules under src/sandbox a fresh Node process (type stripping, as `npm run serve` runs) loads while it builds
 * the dependencies and the API for `env`: the test runner's own module graph would not tell what the server imports.
 */
function sandboxModulesLoaded(env: Record<string, string>): string[] {
  const program = `
    import { registerHooks } from 'node:module';
    const loaded = new Set();
    registerHooks({
      load(url, context, nextLoad) {
        const at = url.indexOf('/src/sandbox/');
        if (at >= 0) loaded.add(url.slice(at + 1));
        return nextLoad(url, context);
      },
    });
    const { loadConfig } = await import(${JSON.stringify(join(server, 'config.ts'))});
    const { createDeps } = await import(${JSON.stringify(join(server, 'services.ts'))});
    const { createApp } = await import(${JSON.stringify(join(server, 'app.ts'))});
    const deps = await createDeps(loadConfig(${JSON.stringify(env)}), { inMemory: true });
    createApp(deps);
    await deps.db.close();
    console.log(JSON.stringify([...loaded].sort()));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', program], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(0);
  return JSON.parse(child.stdout) as string[];
}

describe('the local stand-ins', () => {
  it('are loaded when no real service is configured', () => {
    expect(sandboxModulesLoaded({})).toEqual(['src/sandbox/forms.ts', 'src/sandbox/messages.ts', 'src/sandbox/paypal/sdk.ts', 'src/sandbox/paypal/standin.ts']);
  }, 60_000);

  it('are not even loaded when PayPal and both form services are configured', () => {
    expect(sandboxModulesLoaded(REAL_SERVICES)).toEqual([]);
  }, 60_000);

  it('leave no route, no table and no entry in the API description when PayPal and both form services are configured', async () => {
    const deps = await createDeps(loadConfig(REAL_SERVICES), { inMemory: true });
    try {
      expect({ paypal: deps.paypalStandIn, forms: deps.formsStandIn }).toEqual({ paypal: null, forms: null });
      const app = createApp(deps);
      const post = (path: string) => app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect((await post('/api/sandbox/formmail')).status).toBe(404);
      expect((await post('/api/sandbox/forms')).status).toBe(404);
      expect((await app.request('/api/sandbox/messages')).status).toBe(404);
      expect((await app.request('/api/sandbox/paypal/sdk/js')).status).toBe(404);
      const paths = Object.keys(((await (await app.request('/api/openapi.json')).json()) as { paths: object }).paths);
      expect(paths.filter((p) => p.startsWith('/api/sandbox'))).toEqual([]);
      expect(await deps.db.db.execute(sql`SELECT tablename FROM pg_tables WHERE tablename = 'sandbox_messages'`)).toMatchObject({ rows: [] });
    } finally {
      await deps.db.close();
    }
  });

  it('keep the form stand-ins while either form service is still missing', async () => {
    for (const missing of ['FORM_MAIL_URL', 'FORM_SUBMIT_URL']) {
      const deps = await createDeps(loadConfig({ ...REAL_SERVICES, [missing]: '' }), { inMemory: true });
      try {
        expect(deps.formsStandIn).not.toBeNull();
      } finally {
        await deps.db.close();
      }
    }
  });
});
