import { describe, expect, it } from 'vitest';
import { isLocalHost, siteOrigin } from '../../src/server/config.ts';

describe('the names the local server answers to', () => {
  it.each(['localhost', 'localhost:4321', 'LOCALHOST:4321', '127.0.0.1', '127.0.0.1:4321', '[::1]', '[::1]:4321'])('answers %s', (host) => {
    expect(isLocalHost(host)).toBe(true);
  });

  it.each([
    ['a rebound name', 'rebind.evil:4621'],
    ['a name ending in localhost', 'evil.localhost.example'],
    ['a subdomain of localhost', 'a.localhost'],
    ['another loopback address', '127.0.0.2'],
    ['the machine on the network', '192.168.1.10:4321'],
    ['user info before localhost', 'evil@localhost'],
    ['a path after localhost', 'localhost/evil'],
    ['a backslash after localhost', 'localhost\\evil'],
    ['nothing', ''],
    ['no Host header', undefined],
  ])('refuses %s', (_label, host) => {
    expect(isLocalHost(host)).toBe(false);
  });
});

describe("the site's origin", () => {
  it('is SITE_URL as a browser names it, else the local server', () => {
    expect(siteOrigin({ siteUrl: 'https://academy.example/', port: 4321 })).toBe('https://academy.example');
    expect(siteOrigin({ siteUrl: 'https://academy.example:8443/es', port: 4321 })).toBe('https://academy.example:8443');
    expect(siteOrigin({ siteUrl: null, port: 4321 })).toBe('http://localhost:4321');
  });
});
