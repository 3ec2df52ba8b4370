import type { Server } from 'node:http';

/**
 * Stops `server` without cutting work short: it takes no new connections, the request handlers under way finish
 * (those whose client has already gone too, since they still read and write the database), up to `graceMs`,
 * and only then `close` runs (the database).
 */
export function graceful(server: Server, close: () => Promise<void>) {
  const running = new Set<Promise<unknown>>();
  return {
    /** Counts `work` (a request handler's promise) as under way until it settles. */
    track(work: Promise<unknown>): void {
      running.add(work);
      const done = () => running.delete(work);
      work.then(done, done);
    },
    async stop(graceMs = 5000): Promise<void> {
      const deadline = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.race([closed, deadline]);
      server.closeAllConnections();
      await Promise.race([Promise.allSettled(running), deadline]);
      await close();
    },
  };
}
