import type { User } from '../../api/users.ts';
import type { Database } from '../db/client.ts';
import { toUser } from './user-row.ts';
import { userRow } from './queries.ts';

const CHANNEL = 'users';

/** A record as the API answers it, and whether Firebase has vouched for its address (not part of the answer). */
interface Kept {
  user: User;
  verified: boolean;
  /** The record as the API's JSON answer sends it, made at its first fast answer. */
  json?: Uint8Array<ArrayBuffer>;
}
/** At most this many records are kept; the oldest kept goes first. */
const MOST = 10_000;

/**
 * The users' own records (`GET /users/{uid}`, read by every signed-in page) served from memory. The database announces
 * every committed change to a user's row (triggers of migration 0010 notify the channel `users` with its id, or '' for
 * all), which clears it on every instance sharing the database; the instance that wrote also calls `forget()`, so that
 * it answers its own next request from the new row without waiting for the announcement. A read that raced a write is
 * not kept. Who may do what is never decided from here: the admin checks read the database. `onForget` hears of every
 * change it forgets (the verified tokens of that account are forgotten with it: src/server/access/token-memory.ts).
 */
export class UserCache {
  private generation = 0;
  private readonly kept = new Map<string, Kept>();
  private readonly database: Database;
  private readonly onForget: (id: string | null) => void;

  constructor(database: Database, onForget: (id: string | null) => void = () => {}) {
    this.database = database;
    this.onForget = onForget;
  }

  async start(): Promise<void> {
    await this.database.listen(CHANNEL, (id) => this.forget(id || null));
  }

  /** Forgets, on this instance, the record of `id` (null: every record), once a write to it committed. */
  forget(id: string | null): void {
    this.generation++;
    if (id === null) this.kept.clear();
    else this.kept.delete(id);
    this.onForget(id);
  }

  /** The record of `id`, or null when there is none (which is not kept: the sign-up that follows creates it). */
  async get(id: string): Promise<User | null> {
    return (await this.read(id))?.user ?? null;
  }

  /**
   * Whether the record of `id` says its address is verified (false when there is no record), from memory as `get`:
   * the own-record read records a verification only until the record says so.
   */
  async verified(id: string): Promise<boolean> {
    return (await this.read(id))?.verified ?? false;
  }

  /**
   * Without waiting: the record of `id` as its JSON answer's bytes, and whether it says the address is verified, when it
   * is kept in memory now; null when it is not (the API reads it).
   */
  answerOf(id: string): { json: Uint8Array<ArrayBuffer>; verified: boolean } | null {
    const hit = this.kept.get(id);
    if (!hit) return null;
    hit.json ??= Buffer.from(JSON.stringify(hit.user)) as Uint8Array<ArrayBuffer>;
    return { json: hit.json, verified: hit.verified };
  }

  private async read(id: string): Promise<Kept | null> {
    const hit = this.kept.get(id);
    if (hit) return hit;
    const generation = this.generation;
    const row = await userRow(this.database.db, id);
    if (!row) return null;
    const kept = { user: toUser(row), verified: row.emailVerified };
    if (generation === this.generation) {
      if (this.kept.size >= MOST) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(id, kept);
    }
    return kept;
  }
}
