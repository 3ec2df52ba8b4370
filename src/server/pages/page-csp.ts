import type { ServerResponse } from 'node:http';
import { holdBack } from './held-response.ts';
import { scriptHashes } from '../http/security.ts';

/**
 * Holds back a page rendered on demand until it is complete, then sends it with a Content-Security-Policy that
 * allows exactly its own inline scripts (their hashes). Pages rendered on demand are small, so buffering is cheap.
 */
export function hashedPolicy(res: ServerResponse, policyFor: (hashes: string[]) => string): ServerResponse {
  holdBack(res, (head, body) => {
    const text = body.toString('utf8');
    res.setHeader('content-security-policy', policyFor(/^\s*<!doctype html/i.test(text) ? scriptHashes(text) : []));
    res.setHeader('content-length', body.length);
    if (head) res.writeHead(...head);
    res.end(body);
  });
  return res;
}
