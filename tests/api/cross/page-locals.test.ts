import { describe, expect, it } from 'vitest';
import { pageLocals } from '../../../src/server/pages/locals.ts';
import { useApi, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

describe('pageLocals', () => {
  it('names every plan that includes a course, hidden plans too', async () => {
    const locals = pageLocals(api().deps);
    expect((await locals.plansIncluding('bronchoscopy')).sort()).toEqual(['plan-complete', 'plan-pilot']);
    expect((await locals.plansIncluding('pleuroamniotic')).sort()).toEqual(['plan-complete']);
    expect(await locals.plansIncluding('no-such-course')).toEqual([]);
  });

  it('reads plans as they are now, after an admin edit', async () => {
    const plan = (await reply(as('admin').pricing.$get({ query: {} }))).json.find((p: { id: string }) => p.id === 'plan-fetoscopy');
    const { id: _id, ...body } = plan;
    const res = await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: { ...body, courses: ['pleuroamniotic'] } }));
    expect(res.status).toBe(200);
    expect((await pageLocals(api().deps).plansIncluding('pleuroamniotic')).sort()).toEqual(['plan-complete', 'plan-fetoscopy']);
  });

  it('serves the course from the same catalogue as the API', async () => {
    expect((await pageLocals(api().deps).catalogue.course('bronchoscopy'))?.value.title).toBe('Bronchoscopy');
  });
});
