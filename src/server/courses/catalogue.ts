import type { Course, CourseSummary } from '../../api/courses.ts';
import type { Plan } from '../../api/pricing.ts';
import { localizeCourse, localizePlan, orEnglish, type ContentLocale } from '../../domain/localize.ts';
import { playedIn } from '../../domain/simulators.ts';
import type { Database } from '../db/client.ts';
import { planOf } from '../pricing/index.ts';
import { allPlanRows, publishedCourse, publishedSummaryRows } from './queries.ts';

const CHANNEL = 'catalogue';

interface Cached<T> {
  value: T;
  json: string;
}

/**
 * The course catalogue served from memory. The database announces every committed write to what it shows (triggers
 * of migration 0010 notify the channel `catalogue`), which clears every instance sharing it; the instance that wrote
 * also calls `changed()`, so that it answers its own next request from the new data without waiting for the
 * announcement. A read that raced a write is not kept. What else is kept from the catalogue (the course pages' HTML)
 * listens through `onChange`.
 */
export class Catalogue {
  private generation = 0;
  private lists = new Map<ContentLocale, Cached<CourseSummary[]>>();
  /** Per course id, then locale; English holds the stored course the other locales are derived from. */
  private byId = new Map<string, Map<ContentLocale, Cached<Course> | null>>();
  /** Every plan, hidden ones included, in the order of the pricing page. */
  private plans: Plan[] | null = null;
  /** The plans on sale (visible ones), per locale. */
  private onSale = new Map<ContentLocale, Cached<Plan[]>>();
  private readonly database: Database;
  private readonly listeners: Array<(course: string | null) => void> = [];
  /** Reads under way, by what they read, with the generation they began in. */
  private readonly reading = new Map<string, { generation: number; value: Promise<unknown> }>();

  constructor(database: Database) {
    this.database = database;
  }

  async start(): Promise<void> {
    await this.database.listen(CHANNEL, (payload) => this.changed(payload || null));
  }

  /** Calls `fn` on every change, here or on another instance, with the course it was about (null: anything). */
  onChange(fn: (course: string | null) => void): void {
    this.listeners.push(fn);
  }

  /**
   * Forgets at once, on this instance, what a committed write changed: courses, plans, their translations, experts'
   * results. The database's announcement calls it on every instance; the instance that wrote calls it too, so that it
   * answers its own next request from the new data without waiting. `course` names the one course a write touched
   * only (the other courses, their pages and the plans stay; the lists show every course, so they go); without it
   * everything is read again: a plan write names no course. It says what the trigger of the table written says
   * (migration 0010).
   */
  changed(course: string | null = null): void {
    this.generation++;
    this.lists.clear();
    if (course === null) {
      this.byId.clear();
      this.plans = null;
      this.onSale.clear();
    } else {
      this.byId.delete(course);
    }
    for (const fn of this.listeners) fn(course);
  }

  /** The list in `locale` if it is in memory, without reading it. */
  cachedSummaries(locale: ContentLocale): Cached<CourseSummary[]> | undefined {
    return this.lists.get(locale);
  }

  /** Every published course, in `locale` (English where a text is missing): drafts and archived courses are never here. */
  async summaries(locale: ContentLocale = 'en'): Promise<Cached<CourseSummary[]>> {
    return this.cachedSummaries(locale) ?? this.once(`list:${locale}`, () => this.readSummaries(locale));
  }

  private async readSummaries(locale: ContentLocale): Promise<Cached<CourseSummary[]>> {
    const gen = this.generation;
    const rows = await publishedSummaryRows(this.database.db);
    const value = rows.map(({ translations, levels, ...row }) => ({
      ...row,
      playedIn: playedIn(levels),
      title: locale === 'en' ? row.title : orEnglish(row.title, translations[locale]?.title),
      subtitle: locale === 'en' ? row.subtitle : orEnglish(row.subtitle, translations[locale]?.subtitle),
    }));
    const cached = { value, json: JSON.stringify(value) };
    if (gen === this.generation) this.lists.set(locale, cached);
    return cached;
  }

  /** The course in `locale` if it is in memory (null: known to be no published course), without reading it. */
  cachedCourse(id: string, locale: ContentLocale): Cached<Course> | null | undefined {
    return this.byId.get(id)?.get(locale);
  }

  /** One published course in `locale`; English (the default) is the course as stored. Null for a draft or an archived one. */
  async course(id: string, locale: ContentLocale = 'en'): Promise<Cached<Course> | null> {
    const hit = this.cachedCourse(id, locale);
    return hit !== undefined ? hit : this.once(`course:${locale}:${id}`, () => this.readCourse(id, locale));
  }

  private async readCourse(id: string, locale: ContentLocale): Promise<Cached<Course> | null> {
    const gen = this.generation;
    const stored = locale === 'en' ? await this.read(id) : (await this.course(id, 'en'))?.value;
    const value = stored && localizeCourse(stored, locale);
    const cached = value ? { value, json: JSON.stringify(value) } : null;
    if (gen === this.generation) {
      const locales = this.byId.get(id) ?? (this.byId.size < 10_000 ? new Map() : null);
      locales?.set(locale, cached);
      if (locales) this.byId.set(id, locales);
    }
    return cached;
  }

  /** Every plan, hidden ones included, oldest first. */
  async allPlans(): Promise<Plan[]> {
    return this.plans ?? this.once('plans', () => this.readPlans());
  }

  /** The plans on sale in `locale` if they are in memory, without reading them. */
  cachedPlansOnSale(locale: ContentLocale): Cached<Plan[]> | undefined {
    return this.onSale.get(locale);
  }

  /** The plans on sale (hidden ones are for admins), in `locale`, English where a text is missing. */
  async plansOnSale(locale: ContentLocale): Promise<Cached<Plan[]>> {
    const hit = this.cachedPlansOnSale(locale);
    if (hit) return hit;
    const gen = this.generation;
    const value = (await this.allPlans()).filter((p) => p.visibility).map((p) => localizePlan(p, locale));
    const cached = { value, json: JSON.stringify(value) };
    if (gen === this.generation) this.onSale.set(locale, cached);
    return cached;
  }

  private async readPlans(): Promise<Plan[]> {
    const gen = this.generation;
    const rows = await allPlanRows(this.database.db);
    const all = rows.map(planOf);
    if (gen === this.generation) this.plans = all;
    return all;
  }

  /**
   * One read for every request that misses the same thing: after a change, the requests already waiting would each
   * have read (and on PostgreSQL parsed) the same rows, a query apiece, while the first was still on its way. A
   * request joins a read only if no change came since it began, so the instance that wrote never answers from before.
   */
  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const under = this.reading.get(key);
    if (under?.generation === this.generation) return under.value as Promise<T>;
    const value = read().finally(() => {
      if (this.reading.get(key)?.value === value) this.reading.delete(key);
    });
    this.reading.set(key, { generation: this.generation, value });
    return value;
  }

  private read(id: string): Promise<Course | undefined> {
    return publishedCourse(this.database.db, id);
  }
}
