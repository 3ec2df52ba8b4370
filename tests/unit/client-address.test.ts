import { describe, expect, it } from 'vitest';
import { addressKey, resolveClientAddress } from '../../src/server/http/client-address.ts';
import { loadConfig } from '../../src/server/config.ts';

const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('the client address behind proxies', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    for (const value of ['', '0', 'false']) expect(resolveClientAddress('198.51.100.4', '1.2.3.4', trust(value))).toBe('198.51.100.4');
  });

  it.each([
    ['1', '6.6.6.6, 203.0.113.7', '203.0.113.7'],
    ['true', '6.6.6.6, 203.0.113.7', '203.0.113.7'],
    ['1', '203.0.113.7', '203.0.113.7'],
    ['2', '6.6.6.6, 203.0.113.7, 10.0.0.3', '203.0.113.7'],
    ['2', '203.0.113.7', '203.0.113.7'],
    ['1', '', '10.0.0.2'],
  ])('with TRUST_PROXY=%s and X-Forwarded-For "%s" is %s (the right-most hop our proxies did not add)', (value, forwarded, client) => {
    expect(resolveClientAddress('10.0.0.2', forwarded, trust(value))).toBe(client);
  });

  it.each([
    ['10.0.0.0/8', '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.1.2.3', '203.0.113.7'],
    ['10.0.0.0/8, 192.168.1.1', '192.168.1.1', '6.6.6.6, 203.0.113.7, 10.1.2.3', '203.0.113.7'],
    ['loopback', '::ffff:127.0.0.1', '6.6.6.6, 203.0.113.7', '203.0.113.7'],
    ['private', '10.0.0.2', '2001:db8::1, fd00::7', '2001:db8::1'],
    ['10.0.0.0/8', '198.51.100.9', '6.6.6.6', '198.51.100.9'],
    ['10.0.0.0/8', '10.0.0.2', '10.0.0.9, 10.0.0.8', '10.0.0.9'],
    ['10.0.0.0/8', '10.0.0.2', 'not-an-address, 10.0.0.8', 'not-an-address'],
  ])('with TRUST_PROXY=%s, socket %s and X-Forwarded-For "%s" is %s', (value, socket, forwarded, client) => {
    expect(resolveClientAddress(socket, forwarded, trust(value))).toBe(client);
  });

  it.each(['10.0.0.0/33', 'proxy.example', '10.0.0.0/8/1', '-1'])('refuses TRUST_PROXY=%s, naming the setting', (value) => {
    expect(() => trust(value)).toThrow(/^TRUST_PROXY must be/);
  });

  it('counts an IPv6 caller by its /64, an IPv4 one by its address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('local')).toBe('local');
  });
});
