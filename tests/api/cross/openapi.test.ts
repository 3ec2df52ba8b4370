import { describe, expect, it } from 'vitest';
import { useApi } from '../support.ts';

const api = useApi();

describe('GET /openapi.json', () => {
  it('is byte for byte the contract on record (changing it means changing the snapshot on purpose)', async () => {
    const res = await api().app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    await expect(await res.text()).toMatchFileSnapshot('./snapshots/openapi.json');
  });
});
