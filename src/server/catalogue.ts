import { asc, eq } from 'drizzle-orm';
import type { Course, CourseSummary } from '../api/schemas.ts';
import type { Database } from './db/client.ts';
import { courses } from './db/schema.ts';

const CHANNEL = 'catalogue';

interface Cached<T> {
  value: T;
  json: string;
}

/**
 * The course catalogue served from memory. Every write calls `changed()`, which clears this instance at once
 * and tells the others through the database (PostgreSQL LISTEN/NOTIFY); a read that raced a write is not kept.
 * What else is kept from the catalogue (the course pages' HTML) listens through `onChange`.
 */
export class Catalogue {
  private generation = 0;
  private list: Cached<CourseSummary[]> | null = null;
  private byId = new Map<string, Cached<Course> | null>();
  private readonly database: Database;
  private readonly listeners: Array<(course: string | null) => void> = [];

  constructor(database: Database) {
    this.database = database;
  }

  async start(): Promise<void> {
    await this.database.listen(CHANNEL, (payload) => this.clear(payload || null));
  }

  /** Calls `fn` on every change, here or on another instance, with the course it was about (null: anything). */
  onChange(fn: (course: string | null) => void): void {
    this.listeners.push(fn);
  }

  private clear(course: string | null): void {
    this.generation++;
    this.list = null;
    this.byId.clear();
    for (const fn of this.listeners) fn(course);
  }

  /**
   * Every write to what a course page or the catalogue shows must call this once committed: courses, plans, their
   * translations, experts' results. `course` names the one course a write touched only (so the other courses' pages
   * stay cached); without it everything is read again.
   */
  async changed(course?: string): Promise<void> {
    this.clear(course ?? null);
    await this.database.notify(CHANNEL, course ?? '');
  }

  async summaries(): Promise<Cached<CourseSummary[]>> {
    if (this.list) return this.list;
    const gen = this.generation;
    const rows = await this.database.db
      .select({ id: courses.id, title: courses.title, thumbnail: courses.thumbnail })
      .from(courses)
      .orderBy(asc(courses.createdAt), asc(courses.id));
    const cached = { value: rows, json: JSON.stringify(rows) };
    if (gen === this.generation) this.list = cached;
    return cached;
  }

  async course(id: string): Promise<Cached<Course> | null> {
    const hit = this.byId.get(id);
    if (hit !== undefined) return hit;
    const gen = this.generation;
    const [row] = await this.database.db.select().from(courses).where(eq(courses.id, id));
    const value: Course | undefined = row && {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      thumbnail: row.thumbnail,
      levels: row.levels,
      proficiencyOrder: row.proficiencyOrder,
    };
    const cached = value ? { value, json: JSON.stringify(value) } : null;
    if (gen === this.generation && this.byId.size < 10_000) this.byId.set(id, cached);
    return cached;
  }
}
