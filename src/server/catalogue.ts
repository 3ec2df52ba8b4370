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
 */
export class Catalogue {
  private generation = 0;
  private list: Cached<CourseSummary[]> | null = null;
  private byId = new Map<string, Cached<Course> | null>();
  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  async start(): Promise<void> {
    await this.database.listen(CHANNEL, () => this.clear());
  }

  private clear(): void {
    this.generation++;
    this.list = null;
    this.byId.clear();
  }

  async changed(): Promise<void> {
    this.clear();
    await this.database.notify(CHANNEL);
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
