import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config.ts';

const trustedRanges = new WeakMap<TrustProxy, BlockList>();

function rangesOf(trust: { ranges: string[] }): BlockList {
  let list = trustedRanges.get(trust);
  if (!list) {
    list = new BlockList();
    for (const range of trust.ranges) {
      const [address = '', bits] = range.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(bits), family);
    }
    trustedRanges.set(trust, list);
  }
  return list;
}

/** An IPv4 address as the socket may spell it inside IPv6 (::ffff:192.0.2.1) is the IPv4 address. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function trusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address from the socket's and X-Forwarded-For: each proxy appends the address it was called from, so
 * only the hops our own proxies added can be believed, and anything to their left may be written by the client. The
 * answer is the right-most hop that is not one of our proxies: `hops` proxies counted from the right, or the first
 * address outside the trusted ranges.
 */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | undefined, trust: TrustProxy | null): string {
  const socket = plain(socketAddress);
  if (!trust || !forwardedFor) return socket;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((hop) => plain(hop.trim()))
      .filter(Boolean),
    socket,
  ];
  if ('hops' in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  const list = rangesOf(trust);
  for (let i = chain.length - 1; i > 0; i--) if (!trusted(list, chain[i]!)) return chain[i]!;
  return chain[0]!;
}

/** The key an anonymous caller is counted under: the address, or its /64 for IPv6 (one subscriber gets a whole /64). */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
