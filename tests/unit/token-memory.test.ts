import { describe, expect, it } from 'vitest';
import { TokenMemory } from '../../src/server/access/token-memory.ts';

const caller = (uid: string) => ({ uid, email: `${uid}@example.com`, emailVerified: true });

describe('the memory of verified tokens', () => {
  it('answers a remembered token until its expiry, then forgets it', () => {
    let now = 1_000_000;
    const memory = new TokenMemory({ now: () => now });
    memory.remember('token-a', caller('a'), 1_000 + 60);
    expect(memory.recall('token-a')).toEqual(caller('a'));
    now = 1_059_999;
    expect(memory.recall('token-a')).toEqual(caller('a'));
    now = 1_060_000;
    expect(memory.recall('token-a')).toBeUndefined();
    expect(memory.size).toBe(0);
  });

  it('does not remember a token that has already expired', () => {
    const memory = new TokenMemory({ now: () => 5_000_000 });
    memory.remember('late', caller('a'), 5_000);
    expect(memory.recall('late')).toBeUndefined();
    expect(memory.size).toBe(0);
  });

  it('keeps at most its bound, forgetting the token used least recently', () => {
    const memory = new TokenMemory({ most: 3, now: () => 0 });
    for (const t of ['t1', 't2', 't3']) memory.remember(t, caller(t), 3600);
    expect(memory.recall('t1')).toEqual(caller('t1'));
    memory.remember('t4', caller('t4'), 3600);
    expect(memory.size).toBe(3);
    expect(memory.recall('t2')).toBeUndefined();
    for (const t of ['t1', 't3', 't4']) expect(memory.recall(t)).toEqual(caller(t));
    for (let i = 0; i < 100; i++) memory.remember(`many-${i}`, caller('many'), 3600);
    expect(memory.size).toBe(3);
  });

  it('is keyed by the whole token: another token of the same account is not the same entry', () => {
    const memory = new TokenMemory({ now: () => 0 });
    memory.remember('header.claims.signature', caller('a'), 3600);
    expect(memory.recall('header.claims.signaturf')).toBeUndefined();
    expect(memory.recall('header.claims.signature')).toEqual(caller('a'));
  });

  it("forgets every token of one account, or every token, and keeps the others'", () => {
    const memory = new TokenMemory({ now: () => 0 });
    memory.remember('a-1', caller('a'), 3600);
    memory.remember('a-2', caller('a'), 3600);
    memory.remember('b-1', caller('b'), 3600);
    memory.forget('a');
    expect(memory.recall('a-1')).toBeUndefined();
    expect(memory.recall('a-2')).toBeUndefined();
    expect(memory.recall('b-1')).toEqual(caller('b'));
    memory.forget(null);
    expect(memory.size).toBe(0);
  });
});
