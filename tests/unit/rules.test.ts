import { describe, expect, it } from 'vitest';
import { newCase, newCourseBody, newModule } from '../../src/domain/defaults.ts';
import { detectPlatform } from '../../src/domain/platform.ts';
import { fullName, validateSignup } from '../../src/domain/signup.ts';
import { localeOf, localePath, splitLocale } from '../../src/i18n/locales.ts';

const ok = { name: 'Ana', lastname: 'Ruiz', contact: '', email: 'ana@example.com', password: 'secret', repeat: 'secret', terms: true };

describe('validateSignup', () => {
  it('accepts a complete form', () => expect(validateSignup(ok)).toEqual({}));
  it('refuses an empty or single-space name and last name', () => {
    expect(validateSignup({ ...ok, name: ' ', lastname: '' })).toEqual({ name: 'signup.error.name', lastname: 'signup.error.lastname' });
  });
  it('refuses a blank email', () => expect(validateSignup({ ...ok, email: '   ' })).toEqual({ email: 'signup.error.email' }));
  it('needs 6 characters and matching passwords', () => {
    expect(validateSignup({ ...ok, password: '12345', repeat: '12345' })).toEqual({ password: 'signup.error.password' });
    expect(validateSignup({ ...ok, password: '123456', repeat: '123457' })).toEqual({ repeat: 'signup.error.repeat' });
  });
  it('refuses a sign-up that has not accepted the terms', () => expect(validateSignup({ ...ok, terms: false })).toEqual({ terms: 'signup.error.terms' }));
  it('joins first and last name with a space', () => expect(fullName(' Ana ', 'Ruiz')).toBe('Ana Ruiz'));
});

describe('defaults', () => {
  it('names a new course, module and case "New Course", "New Module", "New Case"', () => {
    expect(newCourseBody()).toEqual({ title: 'New Course', subtitle: 'new course', levels: [] });
    expect(newModule('m', 'c')).toEqual({ id: 'm', title: 'New Module', active: true, cases: [{ id: 'c', title: 'New Case', bubbles: [] }] });
    expect(newCase('c')).toEqual({ id: 'c', title: 'New Case', bubbles: [] });
  });
});

describe('detectPlatform', () => {
  it.each([
    ['Win32', 'windows'],
    ['Windows', 'windows'],
    ['MacIntel', 'mac'],
    ['macOS', 'mac'],
    ['Linux x86_64', 'Unknown'],
    ['iPhone', 'Unknown'],
    ['', 'Unknown'],
  ])('%s -> %s', (platform, expected) => expect(detectPlatform(platform)).toBe(expected));

  it('tells an iPad, which reports a Mac, by its touch points', () => {
    expect(detectPlatform('MacIntel', 5)).toBe('Unknown');
    expect(detectPlatform('MacIntel', 0)).toBe('mac');
  });
});

describe('locale paths', () => {
  it('leaves English unprefixed and prefixes the others', () => {
    expect(localePath('en', '/login')).toBe('/login');
    expect(localePath('zh-CN', '/login')).toBe('/zh-CN/login');
    expect(localePath('ar', '/')).toBe('/ar');
  });
  it('splits a pathname into locale and path', () => {
    expect(splitLocale('/ar/courses/x')).toEqual({ locale: 'ar', path: '/courses/x' });
    expect(splitLocale('/es')).toEqual({ locale: 'es', path: '/' });
    expect(splitLocale('/login/')).toEqual({ locale: 'en', path: '/login' });
  });
  it('accepts only our prefixes', () => {
    expect(localeOf(undefined)).toBe('en');
    expect(localeOf('fr')).toBe('fr');
    expect(localeOf('en')).toBeNull();
    expect(localeOf('xx')).toBeNull();
  });
});
