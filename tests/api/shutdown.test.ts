import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { courses } from '../../src/server/db/schema.ts';
import { graceful } from '../../src/server/shutdown.ts';
import { testApi } from './harness.ts';

/** A server whose handler waits for `gate` and then reads the database, as a page or API handler would. */
async function gatedServer(gate: Promise<void>) {
  const db = (await testApi()).deps.db;
  let closed = false;
  const outcome: { rows?: number; error?: string } = {};
  const arrived = Promise.withResolvers<void>();
  async function handle(_req: IncomingMessage, res: ServerResponse) {
    arrived.resolve();
    await gate;
    try {
      outcome.rows = (await db.db.select().from(courses)).length;
    } catch (err) {
      outcome.error = String(err);
    }
    res.end();
  }
  const server = createServer((req, res) => shutdown.track(handle(req, res)));
  const shutdown = graceful(server, async () => {
    closed = true;
    await db.close();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  /** A client that sends one request and hangs up as soon as the server has it. */
  const client = request({ host: '127.0.0.1', port, path: '/' });
  client.on('error', () => {});
  client.end();
  await arrived.promise;
  client.destroy();
  return { server, shutdown, outcome, isClosed: () => closed };
}

describe('stopping the server', () => {
  it('lets a handler whose client has gone finish its database work before the database closes', async () => {
    const gate = Promise.withResolvers<void>();
    const { server, shutdown, outcome, isClosed } = await gatedServer(gate.promise);
    const serverClosed = new Promise((resolve) => server.once('close', resolve));
    const stopping = shutdown.stop(5000);
    await serverClosed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isClosed()).toBe(false);
    gate.resolve();
    await stopping;
    expect(outcome).toEqual({ rows: expect.any(Number) });
    expect(outcome.rows).toBeGreaterThan(0);
    expect(isClosed()).toBe(true);
  });

  it('does not wait past the grace period for a handler that never ends', async () => {
    const { shutdown, isClosed } = await gatedServer(new Promise(() => {}));
    const started = Date.now();
    await shutdown.stop(300);
    expect(isClosed()).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
