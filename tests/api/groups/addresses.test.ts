import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../../src/domain/addresses.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';
import { addressKeySql } from '../../../src/server/db/address-key.ts';
import { rowsOf } from '../../../src/server/db/client.ts';
import { groupInvitations } from '../../../src/server/db/schema.ts';
import { token } from '../harness.ts';
import { GROUPS, setUp, TOKENS } from '../learning-support.ts';
import { expectRefused, typedClient, useApi } from '../support.ts';

/** Addresses are compared one way (NFKC, then ASCII lower case), in the database as in TypeScript; a look-alike is refused. */
const KELVIN = 'kate@\u212Aa-hosp.example';
const KATE = 'kate@ka-hosp.example';

describe('addresses compared exactly', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  const kelvin = () => as(token('kate', { email: KELVIN }));
  const pending = () => api().deps.db.db.select({ email: groupInvitations.email }).from(groupInvitations);

  it('the database computes the same key as addressKey, lower-casing ASCII letters only', async () => {
    const samples = ['Ana.Ruiz@Hospital.ES', 'ÉLODIE@clinique.fr', 'x@y.z'];
    const inDatabase = async (address: string) => rowsOf(await api().deps.db.db.execute(sql`SELECT ${addressKeySql(sql`${address}::text`)} AS key`))[0]!.key;
    const keys = await Promise.all(samples.map(inDatabase));
    expect(keys).toEqual(samples.map(addressKey));
    expect(samples.map(addressKey)).toEqual(['ana.ruiz@hospital.es', 'Élodie@clinique.fr', 'x@y.z']);
    expect(addressKey(KELVIN)).toBeNull();
  });

  it(`a sign-in as ${JSON.stringify(KELVIN)} is refused a profile and claims nothing of ${KATE}'s`, async () => {
    await setUp(api());
    const invited = await reply(
      as(TOKENS.director).groups[':id'].invitations.$post({ param: { id: GROUPS.fellowship }, json: { emails: [KATE], role: 'member' } }),
    );
    expect(invited.status).toBe(200);
    const signUp = await reply(kelvin().users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: 'kate', email: KATE, name: 'Not Kate' } }));
    expect(signUp).toMatchObject({ status: 400, json: { error: 'invalid_body', issues: [{ path: 'email' }] } });
    expect((await reply(kelvin().users[':id'].$get({ param: { id: 'kate' } }))).status).toBe(404);
    expect(await pending()).toEqual([{ email: KATE }]);
  });

  it('an invitation of a look-alike address is refused, and nothing is stored', async () => {
    await setUp(api());
    const before = await api().snapshot();
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].invitations.$post({ param: { id: GROUPS.fellowship }, json: { emails: [KELVIN], role: 'member' } }),
      400,
    );
    expect(await api().snapshot()).toBe(before);
  });
});
