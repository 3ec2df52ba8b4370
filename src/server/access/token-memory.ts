import { hash as cryptoHash } from 'node:crypto';

/** Who a token proved to be: at least the account's uid. */
interface Identity {
  uid: string;
}

interface Remembered<Caller extends Identity> {
  caller: Caller;
  /** The token's expiry (its `exp`), in milliseconds. */
  untilMs: number;
}

/** At most this many tokens are remembered; the one used least recently goes first. */
export const MOST_TOKENS = 10_000;

/**
 * ID tokens already verified, so that a token's signature is checked once and not on every request: each kept under a
 * hash of the token (never the token itself) until its expiry, at most `most` of them, the least recently used
 * forgotten first. `forget(uid)` drops every token of one account (the users cache calls it when it hears that the
 * account's row changed or went), so that account's next request is checked afresh.
 */
export class TokenMemory<Caller extends Identity = Identity> {
  private readonly kept = new Map<string, Remembered<Caller>>();
  private readonly byUid = new Map<string, Set<string>>();
  private readonly most: number;
  private readonly now: () => number;

  constructor(options: { most?: number; now?: () => number } = {}) {
    this.most = options.most ?? MOST_TOKENS;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.kept.size;
  }

  /** The caller `token` proved when it was verified, while it has not expired; undefined when it is not remembered. */
  recall(token: string): Caller | undefined {
    const key = hash(token);
    const hit = this.kept.get(key);
    if (!hit) return undefined;
    if (hit.untilMs <= this.now()) {
      this.drop(key, hit.caller.uid);
      return undefined;
    }
    // Used now: moved to the end, the far side from the next to be forgotten.
    this.kept.delete(key);
    this.kept.set(key, hit);
    return hit.caller;
  }

  /** Remembers a verified token's caller until `expSeconds` (the token's `exp`). */
  remember(token: string, caller: Caller, expSeconds: number): void {
    const untilMs = expSeconds * 1000;
    if (untilMs <= this.now()) return;
    const key = hash(token);
    const before = this.kept.get(key);
    if (before) this.drop(key, before.caller.uid);
    while (this.kept.size >= this.most) {
      const [oldest, { caller: gone }] = this.kept.entries().next().value!;
      this.drop(oldest, gone.uid);
    }
    this.kept.set(key, { caller, untilMs });
    let keys = this.byUid.get(caller.uid);
    if (!keys) this.byUid.set(caller.uid, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets every token of `uid` (null: every token). */
  forget(uid: string | null): void {
    if (uid === null) {
      this.kept.clear();
      this.byUid.clear();
      return;
    }
    for (const key of this.byUid.get(uid) ?? []) this.kept.delete(key);
    this.byUid.delete(uid);
  }

  private drop(key: string, uid: string): void {
    this.kept.delete(key);
    const keys = this.byUid.get(uid);
    keys?.delete(key);
    if (keys?.size === 0) this.byUid.delete(uid);
  }
}

const hash = (token: string) => cryptoHash('sha256', token, 'base64url');
