import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/lib/processes.ts';

const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe("the server's Node settings", () => {
  it.each(['start', 'serve'])('npm run %s runs the server with the same flags and malloc setting as the scripts', (name) => {
    const env = Object.entries(SERVER_ENV).map(([key, value]) => `${key}=${value}`);
    expect(scripts[name]).toMatch(new RegExp(`^${[...env, 'node', ...SERVER_NODE_FLAGS].join(' ')} (scripts/start|src/server/main)\\.ts$`));
  });
});
