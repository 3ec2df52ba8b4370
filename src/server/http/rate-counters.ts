import type { Database } from '../db/client.ts';
import { countHits, sweepCounters } from './queries.ts';

/** How many requests a caller may make in a window. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /**
   * Who is counted: `caller` counts a signed-in caller by user (so one user cannot spend the budget of everyone
   * behind the same address) and an anonymous one by address; `address` always by address.
   */
  by?: 'caller' | 'address';
}

/** The limits of the routes that create accounts, take payments or send mail; RATE_LIMIT_SCALE multiplies them (tests). */
export const LIMITS = {
  /**
   * A new account is a new uid each time, so sign-ups are counted by device, by address signed up and by network
   * address (see signUpLimit): a hall on one Wi-Fi signs up a workshop of 60 in an hour, while one device is stopped
   * after a few and its refused tries spend nothing of the hall's budget.
   */
  signup: { name: 'signup', max: 60, windowMs: 60 * 60_000, by: 'address' },
  signupDevice: { name: 'signup-device', max: 5, windowMs: 60 * 60_000 },
  signupEmail: { name: 'signup-email', max: 3, windowMs: 60 * 60_000 },
  payments: { name: 'payments', max: 30, windowMs: 10 * 60_000 },
  forms: { name: 'forms', max: 5, windowMs: 10 * 60_000 },
  /** A data export: a few an hour is plenty for a person. */
  exports: { name: 'export', max: 5, windowMs: 60 * 60_000 },
  /** The event logs' download, the export's bulk, streamed from the compressed logs as stored. */
  exportLogs: { name: 'export-logs', max: 5, windowMs: 60 * 60_000 },
  /** Simulator launches and attempts together, per user. */
  simulator: { name: 'simulator', max: 30, windowMs: 60_000 },
  /** Launches with an assessment code, per user: a person mistypes a few times, a guesser needs millions. */
  assessmentCodes: { name: 'assessment-code', max: 10, windowMs: 10 * 60_000 },
  /** Group invitations a director makes (each sends a mail), counted from the audit trail (group-invitations/queries.ts). */
  invitations: { name: 'invitations', max: 50, windowMs: 60 * 60_000 },
  /** Groups created, per user: a programme director starts a few cohorts a year, ten a day is plenty. */
  groups: { name: 'groups', max: 10, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts hits; answers the seconds to wait when any key is over its limit, else 0. */
export interface Counter {
  hit(limit: Limit, keys: string[], now?: number): number | Promise<number>;
}

interface Window {
  start: number;
  count: number;
}

/** Fixed-window counters in this process: enough for PGlite, which only one instance can open. */
export class MemoryCounter implements Counter {
  private windows = new Map<string, Window>();

  hit(limit: Limit, keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const id = `${limit.name}:${key}`;
      let w = this.windows.get(id);
      if (!w || now - w.start >= limit.windowMs) {
        w = { start: now, count: 0 };
        this.windows.set(id, w);
      }
      w.count++;
      if (w.count > limit.max) wait = Math.max(wait, Math.ceil((w.start + limit.windowMs - now) / 1000));
    }
    if (this.windows.size > 50_000) this.sweep(now, limit.windowMs);
    return wait;
  }

  private sweep(now: number, windowMs: number) {
    for (const [id, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(id);
  }
}

/** How often an instance deletes the counters of windows that have ended. */
const SWEEP_MS = 60_000;

/**
 * Counters in PostgreSQL's rate_limits table, so every instance sharing the database spends one budget. Windows are
 * aligned to the clock (window n covers [n·w, (n+1)·w)), so instances agree on a row's key; one upsert per hit.
 */
export class SharedCounter implements Counter {
  private lastSweep = 0;
  private readonly database: Database;
  constructor(database: Database) {
    this.database = database;
  }

  async hit(limit: Limit, keys: string[], now = Date.now()): Promise<number> {
    const window = Math.floor(now / limit.windowMs);
    const expiresAt = new Date((window + 1) * limit.windowMs);
    const rows = [...new Set(keys)].map((key) => ({ key: `${limit.name}:${key}:${window}`, count: 1, expiresAt }));
    if (!rows.length) return 0;
    const db = this.database.db;
    const counted = await countHits(db, rows);
    if (now - this.lastSweep > SWEEP_MS) {
      this.lastSweep = now;
      await sweepCounters(db, new Date(now));
    }
    return counted.some((r) => r.count > limit.max) ? Math.ceil((expiresAt.getTime() - now) / 1000) : 0;
  }
}

/** The counters of one server: shared through PostgreSQL when it is the database, in memory on PGlite. */
export class RateLimiter implements Counter {
  private readonly counter: Counter;
  constructor(database?: Database) {
    this.counter = database?.kind === 'postgres' ? new SharedCounter(database) : new MemoryCounter();
  }

  hit(limit: Limit, keys: string[], now = Date.now()): number | Promise<number> {
    return this.counter.hit(limit, keys, now);
  }
}
