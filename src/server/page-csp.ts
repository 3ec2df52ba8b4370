import type { ServerResponse } from 'node:http';
import { scriptHashes } from './security.ts';

type Chunk = string | Uint8Array;

/**
 * Holds back a page rendered on demand until it is complete, then sends it with a Content-Security-Policy that
 * allows exactly its own inline scripts (their hashes). Pages rendered on demand are small, so buffering is cheap.
 */
export function hashedPolicy(res: ServerResponse, policyFor: (hashes: string[]) => string): ServerResponse {
  const chunks: Buffer[] = [];
  let head: Parameters<ServerResponse['writeHead']> | null = null;
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res);
  const collect = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk as Chunk));
  };
  res.writeHead = ((...args: Parameters<ServerResponse['writeHead']>) => {
    head = args;
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk);
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') collect(chunk);
    const body = Buffer.concat(chunks);
    const text = body.toString('utf8');
    res.setHeader('content-security-policy', policyFor(/^\s*<!doctype html/i.test(text) ? scriptHashes(text) : []));
    res.setHeader('content-length', body.length);
    if (head) writeHead(...head);
    return end(body, ...(rest.filter((r) => typeof r === 'function') as [() => void]));
  }) as ServerResponse['end'];
  return res;
}
