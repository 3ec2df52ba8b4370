import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { SANDBOX_FAIL_MARKER } from '../../../src/sandbox/forms.ts';
import type { TestApi } from '../harness.ts';
import { CALLERS, PRODUCTION_ENV, useApi } from '../support.ts';

const api = useApi();
const contact = { Nombre: 'Maria Lopez', Email: 'maria@example.com', Pregunta: 'Is there a course on laser coagulation?' };
const support = { ...contact, Platform: 'Windows', access_key: 'local-sandbox-key' };

async function messages(service?: 'formmail' | 'forms') {
  const res = await api().call('GET', `/sandbox/messages${service ? `?service=${service}` : ''}`, { as: 'admin' });
  expect(res.status).toBe(200);
  return res.json as Array<{ id: number; service: string; body: Record<string, string>; at: string }>;
}

/** The same API with real services configured, sharing the test database. */
function configured(base: TestApi) {
  const app = createApp({
    ...base.deps,
    config: { ...base.deps.config, formMailUrl: 'https://mail.example.org/f/1', formSubmitUrl: 'https://forms.example.org/submit' },
  });
  return (path: string, body: unknown) =>
    app.request(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('POST /sandbox/formmail', () => {
  it('keeps the home contact message so it can be read back', async () => {
    const res = await api().call('POST', '/sandbox/formmail', { body: contact });
    expect(res).toMatchObject({ status: 200, json: { success: true } });
    const [stored, ...rest] = await messages('formmail');
    expect(rest).toEqual([]);
    expect(stored).toMatchObject({ service: 'formmail', body: contact });
    expect(Date.parse(stored!.at)).not.toBeNaN();
  });

  it.each([
    ['a missing name', { ...contact, Nombre: '' }],
    ['a blank question', { ...contact, Pregunta: '   ' }],
    ['an email that is not one', { ...contact, Email: 'maria' }],
    ['a NUL character', { ...contact, Pregunta: 'a\u0000b' }],
    ['a question over 5000 characters', { ...contact, Pregunta: 'x'.repeat(5001) }],
  ])('refuses %s with 400 and keeps nothing', async (_, body) => {
    const res = await api().call('POST', '/sandbox/formmail', { body });
    expect(res).toMatchObject({ status: 400, json: { error: 'invalid_body' } });
    expect(await messages()).toEqual([]);
  });

  it('fails like a broken service when the message carries the failure marker', async () => {
    const res = await api().call('POST', '/sandbox/formmail', { body: { ...contact, Pregunta: `Help ${SANDBOX_FAIL_MARKER}` } });
    expect(res).toMatchObject({ status: 502, json: { error: 'sandbox_failure', message: expect.any(String) } });
    expect(await messages()).toEqual([]);
  });

  it('is off (404) once a real form-mail address is configured', async () => {
    const res = await configured(api())('/sandbox/formmail', contact);
    expect(res.status).toBe(404);
    expect(await messages()).toEqual([]);
  });
});

describe('POST /sandbox/forms', () => {
  it('keeps Nombre, Email, Pregunta and Platform, without the access key', async () => {
    const res = await api().call('POST', '/sandbox/forms', { body: support });
    expect(res).toMatchObject({ status: 200, json: { success: true } });
    const stored = await messages('forms');
    expect(stored.map((m) => m.body)).toEqual([{ ...contact, Platform: 'Windows' }]);
    expect(await messages('formmail')).toEqual([]);
  });

  it('refuses a wrong access key with 403', async () => {
    const res = await api().call('POST', '/sandbox/forms', { body: { ...support, access_key: 'guess' } });
    expect(res).toMatchObject({ status: 403, json: { error: 'forbidden' } });
    expect(await messages()).toEqual([]);
  });

  it('refuses a message without a platform with 400', async () => {
    const { Platform: _, ...body } = support;
    expect((await api().call('POST', '/sandbox/forms', { body })).status).toBe(400);
  });

  it('fails with 502 on the failure marker', async () => {
    const res = await api().call('POST', '/sandbox/forms', { body: { ...support, Nombre: SANDBOX_FAIL_MARKER } });
    expect(res.status).toBe(502);
    expect(await messages()).toEqual([]);
  });

  it('is off (404) once a real form-submission address is configured', async () => {
    expect((await configured(api())('/sandbox/forms', support)).status).toBe(404);
  });
});

describe('GET /sandbox/messages', () => {
  it.each([
    ['anonymous', 401],
    ['learner', 403],
  ] as const)('refuses %s', async (who, status) => {
    await api().call('POST', '/sandbox/formmail', { body: contact });
    const res = await api().call('GET', '/sandbox/messages', { as: CALLERS[who] });
    expect(res.status).toBe(status);
  });

  it('lists the newest first', async () => {
    await api().call('POST', '/sandbox/formmail', { body: contact });
    await api().call('POST', '/sandbox/forms', { body: support });
    expect((await messages()).map((m) => m.service)).toEqual(['forms', 'formmail']);
  });
});

describe('configuration', () => {
  it('refuses to start in production without the form services and the chat number', () => {
    const env = { ...PRODUCTION_ENV, FORM_MAIL_URL: '', FORM_SUBMIT_URL: '', FORM_ACCESS_KEY: '', CHAT_NUMBER: '' };
    expect(() => loadConfig(env)).toThrow(/FORM_MAIL_URL is missing; FORM_SUBMIT_URL is missing; FORM_ACCESS_KEY is missing; CHAT_NUMBER is missing/);
    const full = {
      ...env,
      FORM_MAIL_URL: 'https://m.example.org',
      FORM_SUBMIT_URL: 'https://f.example.org',
      FORM_ACCESS_KEY: 'key',
      CHAT_NUMBER: '+1 555 000',
    };
    expect(loadConfig(full)).toMatchObject({ formMailUrl: 'https://m.example.org', chatNumber: '1555000' });
  });
});
