import { afterEach, describe, expect, it, vi } from 'vitest';
import { $history, historyKey, loadHistory } from '../../src/stores/audit/history.ts';

const entry = {
  id: 1,
  actor: 'admin',
  actorEmail: 'admin@example.com',
  entity: 'plan',
  entityId: 'p1',
  action: 'update',
  before: {},
  after: {},
  changes: [],
  at: '2026-11-27T06:00:00.000Z',
};
const answering = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('the history store', () => {
  it('reads a plan’s history from GET /audit, by entity and id', async () => {
    const fetch = answering(200, [entry]);
    vi.stubGlobal('fetch', fetch);
    const loading = loadHistory('plan', 'p1');
    expect($history.get()[historyKey('plan', 'p1')]).toEqual({ entries: null, loading: true, error: false });
    await loading;
    expect($history.get()[historyKey('plan', 'p1')]).toEqual({ entries: [entry], loading: false, error: false });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/audit\?entity=plan&id=p1$/);
  });

  it('keeps what it showed and says the read failed when the server refuses or cannot be reached', async () => {
    vi.stubGlobal('fetch', answering(403, { error: 'forbidden', message: 'Administrators only' }));
    await loadHistory('plan', 'p1');
    expect($history.get()[historyKey('plan', 'p1')]).toEqual({ entries: [entry], loading: false, error: true });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await loadHistory('course', 'c1');
    expect($history.get()[historyKey('course', 'c1')]).toEqual({ entries: null, loading: false, error: true });
  });

  it('keeps the newest read when an older answer arrives after it (a save read it again meanwhile)', async () => {
    const newer = { ...entry, id: 2 };
    let answerOlder: (r: Response) => void = () => {};
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerOlder = resolve)))
      .mockImplementationOnce(answering(200, [newer, entry]));
    vi.stubGlobal('fetch', fetch);
    const older = loadHistory('plan', 'p2');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await loadHistory('plan', 'p2');
    answerOlder(new Response(JSON.stringify([entry]), { status: 200, headers: { 'content-type': 'application/json' } }));
    await older;
    expect($history.get()[historyKey('plan', 'p2')]).toEqual({ entries: [newer, entry], loading: false, error: false });
  });
});
