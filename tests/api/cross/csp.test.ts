import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { externalHosts, pagePolicy } from '../../../src/server/http/security.ts';
import { testApi } from '../harness.ts';
import { PRODUCTION_ENV } from '../support.ts';
import { sources } from '../../csp.ts';

describe('the page policy and the form services', () => {
  it('lets the pages reach the configured form services, from the same settings /api/config hands the forms', async () => {
    const env = { FORM_MAIL_URL: 'https://mail.example.org/f/abc?x=1', FORM_SUBMIT_URL: 'https://forms.example.net:8443/submit' };
    const api = await testApi(env);
    try {
      const { forms } = (await api.reply(api.as(null).config.$get({}))).json as { forms: { contactUrl: string; supportUrl: string } };
      expect(forms).toMatchObject({ contactUrl: env.FORM_MAIL_URL, supportUrl: env.FORM_SUBMIT_URL });
      const connect = sources(pagePolicy(externalHosts(api.deps.config), []), 'connect-src');
      for (const url of [forms.contactUrl, forms.supportUrl]) expect(connect).toContain(new URL(url).origin);
    } finally {
      await api.close();
    }
  }, 30_000);

  it('does so in production, where both services are required', () => {
    const connect = sources(pagePolicy(externalHosts(loadConfig(PRODUCTION_ENV)), []), 'connect-src');
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'https://mail.example.org', 'https://forms.example.org']));
  });

  it('adds nothing for the local stand-ins, which are on our own origin', () => {
    const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(sources(pagePolicy(externalHosts(config), []), 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:9099']);
  });

  it.each(['mail.example.org/f/1', '/api/elsewhere', 'javascript:alert(1)', "https://x.example; script-src 'unsafe-inline'"])(
    'refuses FORM_MAIL_URL=%s',
    (url) => {
      expect(() => loadConfig({ FORM_MAIL_URL: url })).toThrow(/FORM_MAIL_URL must be an absolute http\(s\) URL/);
    },
  );
});
