/**
 * The server's log lines about failures. They say what failed and where, never the data involved: no SQL
 * parameters, request bodies or tokens (a failed write of a course would otherwise log the whole course, and a
 * full disk would fill up the log with user data).
 */

const MAX_MESSAGE = 300;
const MAX_FRAMES = 8;

interface DatabaseFailure {
  code: string;
  message: string;
  table?: string;
  constraint?: string;
}

/** PostgreSQL's and PGlite's errors carry a five-character SQLSTATE code. */
function isDatabaseFailure(err: unknown): err is DatabaseFailure {
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

const cut = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

/** A message with its quoted parts (values PostgreSQL and JSON.parse quote back) blanked, cut to a bounded length. */
function redact(message: string): string {
  return cut(
    message
      .replace(/"[^"\n]*"/g, '"…"')
      .replace(/'[^'\n]*'/g, "'…'")
      .replace(/\s+/g, ' '),
  );
}

/** A statement as drizzle sends it: values are $n parameters; a literal written into it is blanked all the same. */
function statement(query: string): string {
  return cut(query.replace(/'[^']*'/g, "'…'").replace(/\s+/g, ' '));
}

function describeOne(err: unknown): string {
  if (!(err instanceof Error)) return typeof err;
  // PostgreSQL's detail and PGlite's params hold values: only the code, the message and the names are kept.
  if (isDatabaseFailure(err)) {
    const where = [err.table && `table ${err.table}`, err.constraint && `constraint ${err.constraint}`].filter(Boolean).join(', ');
    return `database error ${err.code}: ${redact(err.message)}${where ? ` (${where})` : ''}`;
  }
  // drizzle's DrizzleQueryError: its message holds the SQL and every parameter; keep the statement only.
  const query = (err as { query?: unknown }).query;
  if (typeof query === 'string') return `query failed: ${statement(query)}`;
  return `${err.name}: ${redact(err.message)}`;
}

/** One line about `err` and its causes, then its stack frames; nothing the failure was about. */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const part = describeOne(current);
    if (part !== parts.at(-1)) parts.push(part);
    current = current instanceof Error ? current.cause : undefined;
  }
  const frames =
    err instanceof Error
      ? (err.stack ?? '')
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .slice(0, MAX_FRAMES)
      : [];
  return [parts.join(' <- caused by: '), ...frames].join('\n');
}

/** Logs a failed request once, under a new request id that the answer carries too; returns the id. A string is logged as it is. */
export function logFailure(method: string, path: string, failure: unknown): string {
  const requestId = crypto.randomUUID();
  console.error(`[request ${requestId}] ${method} ${path.slice(0, 200)} failed: ${typeof failure === 'string' ? failure : describeError(failure)}`);
  return requestId;
}
