import type { ServerResponse } from 'node:http';

export type Head = Parameters<ServerResponse['writeHead']>;

/**
 * Holds back what a renderer writes to `res` until it ends, then hands `finish` the arguments given to writeHead
 * (null when it was not called) and the whole body, with `res`'s own methods back in place to send them.
 */
export function holdBack(res: ServerResponse, finish: (head: Head | null, body: Buffer) => void): void {
  const { writeHead, write, end } = res;
  let head: Head | null = null;
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const callbackOf = (args: unknown[]) => args.find((a) => typeof a === 'function') as (() => void) | undefined;
  res.writeHead = ((...args: Head) => {
    head = args;
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk);
    callbackOf(rest)?.();
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    Object.assign(res, { writeHead, write, end });
    if (typeof chunk === 'function') rest.unshift(chunk);
    else collect(chunk);
    finish(head, Buffer.concat(chunks));
    callbackOf(rest)?.();
    return res;
  }) as ServerResponse['end'];
}
