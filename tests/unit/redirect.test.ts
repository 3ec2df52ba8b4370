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
    ['/./account', '/account'],
    ['/a/b/../c', '/a/c'],
    ['/..', '/'],
    ['/courses/%2e%2e/pricing', '/pricing'],
    ['/user@example/x', '/user@example/x'],
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
    ['a dot segment before two slashes', '/.//evil.example/phish'],
    ['two dot segments before two slashes', '/..//evil.example/phish'],
    ['an encoded dot segment', '/%2e//evil.example/phish'],
    ['an encoded dot-dot segment', '/%2e%2e//evil.example/phish'],
    ['an upper-case encoded dot-dot segment', '/%2E%2E//evil.example/phish'],
    ['a half-encoded dot-dot segment', '/.%2e//evil.example/phish'],
    ['a folder and dot-dot before two slashes', '/a/..//evil.example/phish'],
    ['two folders climbing out', '/a/b/../..//evil.example/phish'],
    ['a dot segment and an encoded slash', '/./%2Fevil.example/phish'],
    ['a dot-dot segment and an encoded slash', '/../%2Fevil.example'],
    ['a dot segment and a backslash', '/./\\evil.example'],
    ['a dot segment and an encoded backslash', '/./%5Cevil.example'],
    ['dot segments and three slashes', '/.///evil.example'],
    ['a dot-dot segment, a query and two slashes', '/..//evil.example?next=/'],
    ['a mixed-case scheme', 'HtTpS://evil.example/'],
    ['a mixed-case javascript: URL', 'JaVaScRiPt:alert(1)'],
    ['a user in the authority', '//user@evil.example/'],
    ['an @ after a dot segment', '/.//user@evil.example/'],
    ['an internationalised host', '//évil.example/'],
    ['a punycode host after a dot segment', '/.//xn--vil-bma.example/'],
    ['an encoded tab after a dot segment', '/./%09/evil.example'],
    ['a vertical tab', '/\v/evil.example'],
    ['a form feed', '/\f/evil.example'],
    ['a non-breaking space', '/\u00A0/evil.example'],
    ['nothing', ''],
  ])('refuses %s', (_label, next) => {
    expect(afterSignIn(next, HOME)).toBe(HOME);
  });

  it.each([
    '/%5Cevil.example/',
    '/%09/evil.example/',
    '%2F%2Fevil.example',
    '/%0A/evil.example',
    '%5C%5Cevil.example',
    '/.//evil.example/phish',
    '/%2e%2e//evil.example/phish',
    '/%252e%252e//evil.example/phish',
    '/a/%2E%2E/%2F/evil.example',
  ])('refuses ?next=%s as the login page reads it', (raw) => {
    expect(afterSignIn(fromQuery(raw), HOME)).toBe(HOME);
  });

  it('refuses a missing next', () => {
    expect(afterSignIn(null, HOME)).toBe(HOME);
    expect(afterSignIn(undefined, HOME)).toBe(HOME);
  });
});
