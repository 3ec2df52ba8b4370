import { createHash } from 'node:crypto';

/** A strong ETag from a body's content (so every instance and every restart names the same bytes alike), per encoding. */
export function etagOf(body: Buffer, encoding: string | null): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${encoding ? `-${encoding}` : ''}"`;
}

/** Whether `If-None-Match` names this representation. */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  return header === etag || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
