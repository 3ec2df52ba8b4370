import { describe, expect, it } from 'vitest';
import { token } from '../harness.ts';
import { useApi, validCourse, typedClient } from '../support.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';

const RLO = '\u202E';

describe('bidirectional controls and invisible characters sent to the API', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('are stripped from a new profile’s name and phone', async () => {
    const res = await reply(
      as(token('eve', { email: 'eve@example.com' })).users.$post({
        header: {},
        json: { acceptedTerms: TERMS_VERSION, id: 'eve', email: 'eve@example.com', name: `Eve ${RLO}nimdA`, contact: `+1\u200B555\u2066 0100` },
      }),
    );
    expect(res).toMatchObject({ status: 201, json: { name: 'Eve nimdA', contact: '+1555 0100' } });
  });

  it('are stripped from course titles and case texts', async () => {
    const res = await reply(as('admin').courses.$post({ json: validCourse({ title: `Laser ${RLO}cisab`, subtitle: '\u2067First\u2069 steps' }) }));
    expect(res.status).toBe(201);
    const course = (await reply(as(null).courses[':id'].$get({ param: { id: res.json }, query: {} }))).json;
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
