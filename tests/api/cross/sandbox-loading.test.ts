import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { createDeps } from '../../../src/server/services.ts';
import { seededImage } from '../harness.ts';

const REAL_SERVICES = {
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  FORM_MAIL_URL: 'https://mail.example.org/f/1',
  FORM_SUBMIT_URL: 'https://forms.example.org/submit',
  MAIL_URL: 'https://mail.example.org/send',
};

const server = join(import.meta.dirname, '../../../src/server');

/**
 * The modules under src/sandbox a fresh Node process (type stripping, as `npm run serve` runs) loads while it builds
 * the dependencies and the API for each of `envs` in turn, each list only what that build added: the test runner's
 * own module graph would not tell what the server imports. Each build starts from the run's seeded database, if any.
 */
function sandboxModulesLoaded(envs: Record<string, string>[]): Promise<{ code: number | null; stderr: string; loaded: string[][] }> {
  const program = `
    import { readFileSync } from 'node:fs';
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
    const file = process.argv[1];
    const image = file ? new Blob([readFileSync(file)]) : undefined;
    const lists = [];
    for (const env of ${JSON.stringify(envs)}) {
      loaded.clear();
      const deps = await createDeps(loadConfig(env), { inMemory: true, image });
      createApp(deps);
      await deps.db.close();
      lists.push([...loaded].sort());
    }
    console.log(JSON.stringify(lists));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', program, inject('seededImage')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr, loaded: code === 0 ? JSON.parse(stdout) : [] })));
}

describe('the local stand-ins', () => {
  // One child process for both: configured first, it must load nothing, so what the local build then adds is all a fresh process would load.
  let child: ReturnType<typeof sandboxModulesLoaded>;
  beforeAll(() => {
    // Started now and awaited by the last two tests, so it runs while this process does the others.
    child = sandboxModulesLoaded([REAL_SERVICES, {}]);
  });

  it('leave no route, no table and no entry in the API description when PayPal and both form services are configured', async () => {
    const deps = await createDeps(loadConfig(REAL_SERVICES), { inMemory: true, image: await seededImage() });
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

  it('keep the form stand-ins (and their messages) while a form service or the mail service is still missing', async () => {
    for (const missing of ['FORM_MAIL_URL', 'FORM_SUBMIT_URL', 'MAIL_URL']) {
      const deps = await createDeps(loadConfig({ ...REAL_SERVICES, [missing]: '' }), { inMemory: true, image: await seededImage() });
      try {
        expect(deps.formsStandIn).not.toBeNull();
      } finally {
        await deps.db.close();
      }
    }
    // Three in-memory databases made from the seeded image, one after another: some 10 s each on a loaded machine.
  }, 90_000);

  it('are not even loaded when PayPal and both form services are configured', async () => {
    const { code, stderr, loaded } = await child;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(loaded[0]).toEqual([]);
  }, 60_000);

  it('are loaded when no real service is configured', async () => {
    const { loaded } = await child;
    expect(loaded[1]).toEqual([
      'src/sandbox/forms.ts',
      'src/sandbox/mail.ts',
      'src/sandbox/messages.ts',
      'src/sandbox/paypal/sdk.ts',
      'src/sandbox/paypal/standin.ts',
    ]);
  }, 60_000);
});
