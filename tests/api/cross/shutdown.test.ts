import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { courses } from '../../../src/server/db/schema.ts';
import { graceful } from '../../../src/server/shutdown.ts';
import { testApi } from '../harness.ts';

/**
 * A server whose handler waits for `gate`, lets the event loop turn (as any real I/O does) and then reads the
 * database, as a page or API handler would. `closedEarly` records whether the database was closed while it ran.
 */
async function gatedServer(gate: Promise<void>) {
  const db = (await testApi()).deps.db;
  let closed = false;
  let running = false;
  let closedEarly: boolean | null = null;
  const outcome: { rows?: number; error?: string } = {};
  const arrived = Promise.withResolvers<void>();
  async function handle(_req: IncomingMessage, res: ServerResponse) {
    running = true;
    arrived.resolve();
    await gate;
    await new Promise((resolve) => setImmediate(resolve));
    try {
      outcome.rows = (await db.db.select().from(courses)).length;
    } catch (err) {
      outcome.error = String(err);
    }
    running = false;
    res.end();
  }
  const server = createServer((req, res) => shutdown.track(handle(req, res)));
  const shutdown = graceful(server, async () => {
    closedEarly = running;
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
  return { server, shutdown, outcome, isClosed: () => closed, closedEarly: () => closedEarly };
}

describe('stopping the server', () => {
  it('lets a handler whose client has gone finish its database work before the database closes', async () => {
    const gate = Promise.withResolvers<void>();
    const { server, shutdown, outcome, isClosed, closedEarly } = await gatedServer(gate.promise);
    // The handler goes on only once the server has stopped listening, so its database work falls inside the shutdown.
    server.once('close', () => gate.resolve());
    await shutdown.stop(5000);
    expect(outcome).toEqual({ rows: expect.any(Number) });
    expect(outcome.rows).toBeGreaterThan(0);
    expect(isClosed()).toBe(true);
    expect(closedEarly()).toBe(false);
  });

  it('does not wait past the grace period for a handler that never ends', async () => {
    const { shutdown, isClosed } = await gatedServer(new Promise(() => {}));
    const started = Date.now();
    await shutdown.stop(300);
    expect(isClosed()).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
