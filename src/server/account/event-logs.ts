import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { Db } from '../db/client.ts';
import { attemptsWithLogs, storedLog } from './queries.ts';

const gzipAsync = promisify(gzip);
/** Each line's closing and the file's last (empty) member, the same bytes every time. */
const CLOSING = gzipSync('}\n');
const EMPTY = gzipSync('');

/**
 * The caller's event logs as gzip-compressed NDJSON, one line `{"attemptId":…,"createdAt":…,"log":[…]}` per attempt,
 * made attempt by attempt as the download is read (a pull stream: the next log is read from the database only when
 * the previous one has gone out). Each line is three gzip members: the line's opening, the log exactly as it is
 * stored (already gzip-compressed JSON, so it is neither unpacked nor parsed here) and the closing. Gzip readers
 * read concatenated members as one file, so the server's cost is copying bytes, whatever the number of attempts.
 */
export function eventLogStream(db: Db, uid: string): ReadableStream<Uint8Array> {
  let queue: Array<{ id: string; createdAt: Date }> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // PGlite answers through promises alone: without a turn of the event loop between logs, a reader as fast as
        // the loopback would have every log read in one unbroken chain while other requests wait.
        await new Promise((resolve) => setImmediate(resolve));
        queue ??= await attemptsWithLogs(db, uid);
        // A log deleted meanwhile (the account deleted during the download) is left out.
        for (let next = queue.shift(); next; next = queue.shift()) {
          const stored = await storedLog(db, uid, next.id);
          if (!stored) continue;
          const opening = `${JSON.stringify({ attemptId: next.id, createdAt: next.createdAt.toISOString() }).slice(0, -1)},"log":`;
          const log = stored.logGzip ? Buffer.from(stored.logGzip, 'base64') : await gzipAsync(JSON.stringify(stored.events ?? []));
          controller.enqueue(Buffer.concat([gzipSync(opening, { level: 1 }), log, CLOSING]));
          return;
        }
        // An empty member last, so a caller without logs gets a gzip file too (of nothing).
        controller.enqueue(EMPTY);
        controller.close();
      },
    },
    // One attempt's log read ahead at most.
    { highWaterMark: 1 },
  );
}
