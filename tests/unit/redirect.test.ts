import { describe, expect, it } from 'vitest';
import { afterSignIn } from '../../src/domain/redirect.ts';

const HOME = '/es/';

/** What `next` becomes once the login page's query string is read (URLSearchParams decodes one layer). */
const fromQuery = (raw: string) => new URLSearchParams(`next=${raw}`).get('next');

describe('where to go after signing in', () => {
  it.each([
    ['/courses/fetoscopy-simulator', '/courses/fetoscopy-simulator'],
    ['/pricing?plan=plan-complete', '/pricing?plan=plan-complete'],
    ['/ar/account#subscriptions', '/ar/account#subscriptions'],
    ['/', '/'],
    ['/courses/../account', '/account'],
    ['/%D8%A7', '/%D8%A7'],
  ])('follows the path %s', (next, to) => {
    expect(afterSignIn(next, HOME)).toBe(to);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme-relative URL', '//evil.example/'],
    ['three slashes', '///evil.example/'],
    ['a backslash', '/\\evil.example/'],
    ['two backslashes', '\\\\evil.example/'],
    ['a slash and a backslash', '/\\/evil.example/'],
    ['a tab', '/\t/evil.example/'],
    ['a line break', '/\n/evil.example/'],
    ['a carriage return', '/\r/evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'evil.example'],
    ['a scheme with a path', 'https:/evil.example'],
    ['an encoded backslash', '/%5Cevil.example/'],
    ['an encoded slash', '/%2Fevil.example/'],
    ['a doubly encoded backslash', '/%255Cevil.example/'],
    ['an encoded tab', '/%09/evil.example/'],
    ['a right-to-left override', '/\u202E/evil.example'],
    ['a zero-width space', '/\u200B/evil.example'],
    ['nothing', ''],
  ])('refuses %s', (_label, next) => {
    expect(afterSignIn(next, HOME)).toBe(HOME);
  });

  it.each(['/%5Cevil.example/', '/%09/evil.example/', '%2F%2Fevil.example', '/%0A/evil.example', '%5C%5Cevil.example'])(
    'refuses ?next=%s as the login page reads it',
    (raw) => {
      expect(afterSignIn(fromQuery(raw), HOME)).toBe(HOME);
    },
  );

  it('refuses a missing next', () => {
    expect(afterSignIn(null, HOME)).toBe(HOME);
    expect(afterSignIn(undefined, HOME)).toBe(HOME);
  });
});
