import { describe, expect, it } from 'vitest';
import { token } from './harness.ts';
import { useApi, validCourse } from './support.ts';

const RLO = '\u202E';

describe('bidirectional controls and invisible characters sent to the API', () => {
  const api = useApi();

  it('are stripped from a new profile’s name and phone', async () => {
    const res = await api().call('POST', '/users', {
      as: token('eve', { email: 'eve@example.com' }),
      body: { id: 'eve', email: 'eve@example.com', name: `Eve ${RLO}nimdA`, contact: `+1\u200B555\u2066 0100` },
    });
    expect(res).toMatchObject({ status: 201, json: { name: 'Eve nimdA', contact: '+1555 0100' } });
  });

  it('are stripped from course titles and case texts', async () => {
    const res = await api().call('POST', '/courses', { as: 'admin', body: validCourse({ title: `Laser ${RLO}cisab`, subtitle: '\u2067First\u2069 steps' }) });
    expect(res.status).toBe(201);
    const course = (await api().call('GET', `/courses/${res.json}`)).json;
    expect(course).toMatchObject({ title: 'Laser cisab', subtitle: 'First steps' });
  });

  it('are stripped from messages to the form stand-ins', async () => {
    expect((await api().call('POST', '/sandbox/formmail', { body: { Nombre: `Ana${RLO}`, Email: 'ana@example.com', Pregunta: 'Hola\u200F' } })).status).toBe(
      200,
    );
    const [stored] = (await api().call('GET', '/sandbox/messages', { as: 'admin' })).json;
    expect(stored.body).toEqual({ Nombre: 'Ana', Email: 'ana@example.com', Pregunta: 'Hola' });
  });
});
