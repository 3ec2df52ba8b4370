import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_BASE } from '../../api/paths.ts';
import * as routes from '../../api/users.ts';
import type { Caller } from '../access/token.ts';
import type { TokenMemory } from '../access/token-memory.ts';
import type { UserCache } from './user-cache.ts';

const RECORD = `${API_BASE}${routes.get.path.slice(0, routes.get.path.indexOf('{'))}`;

/** The id in the record's address (the API's users/{id}), or null when the address is anything else (a query, more segments, a bad escape). */
function recordId(url: string): string | null {
  if (!url.startsWith(RECORD) || url.includes('?')) return null;
  const segment = url.slice(RECORD.length);
  if (!segment || segment.includes('/')) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * A signed-in learner's read of their own record (`GET /api/users/{uid}`, on every signed-in page), the busiest signed-in
 * request, answered before Hono when everything it needs is in memory: a token already verified and remembered, naming
 * the record's owner, and the record kept by the users cache with nothing left to record about the address (the route
 * would record a verification the token carries and the record does not yet say). A same-origin GET carries no body,
 * and no middleware has anything else to do. Anything else (another's record, an unknown token, a cross-origin call, a
 * record not in memory) goes to the API, which answers it and remembers what the next one needs: the listener answers false.
 */
export function ownRecordFastPath(tokens: TokenMemory<Caller>, userCache: UserCache, headers: Record<string, string>) {
  const base = { ...headers, 'content-type': 'application/json' };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers.origin) return false;
    const authorization = req.headers.authorization;
    if (!authorization?.startsWith('Bearer ') || authorization.length === 7) return false;
    const id = recordId(req.url ?? '/');
    if (id === null) return false;
    const caller = tokens.recall(authorization.slice(7));
    if (!caller || caller.uid !== id) return false;
    const answer = userCache.answerOf(id);
    if (!answer || (caller.emailVerified && !answer.verified)) return false;
    res.writeHead(200, { ...base, 'content-length': String(answer.json.length) });
    res.end(answer.json);
    return true;
  };
}
