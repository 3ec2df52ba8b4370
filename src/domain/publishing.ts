// What publishing a course's draft changes for its learners, counted from the published version and the draft, so
// the administrator reads it before going live; what is worth a look first (texts a language lacks, placeholders left);
// and where the administrator sees the draft as a learner first.

import { newCase, newCourseBody, newModule } from './defaults.ts';
import { TRANSLATED_LOCALES, type ContentLocale, type CourseText, type TitleText, type TranslatedLocale, type Translations } from './localize.ts';

interface Shape {
  title: string;
  subtitle: string;
  levels: ReadonlyArray<{ id: string; active: boolean; cases: ReadonlyArray<{ id: string }> }>;
  proficiencyOrder?: boolean | undefined;
  assessmentRequired?: boolean | undefined;
}

/** The changes a learner meets once the draft is published. */
export interface PublishSummary {
  /** Never published: the course appears in the catalogue. */
  firstPublication: boolean;
  /** Cases learners see (in active modules) added and taken away, told apart by their ids. */
  casesAdded: number;
  casesRemoved: number;
  modulesAdded: number;
  modulesRemoved: number;
  /** Modules or cases learners see both before and after stand in another order: their results move with them. */
  reordered: boolean;
  /** Proficiency order or assessment changed: what passes a case, or when a module opens. */
  rulesChanged: boolean;
  /** Anything else: texts, pictures, simulator settings, pass marks. */
  otherChanges: boolean;
}

/** JSON with every object's keys in order, so two versions read from different places compare equal when they are. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_key, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );

const activeModules = (c: Shape) => c.levels.filter((l) => l.active);
/** Each item learners see by id, and where it stands: a case's place names its module. */
const activeCases = (c: Shape) => activeModules(c).flatMap((l) => l.cases.map((x) => ({ id: x.id, at: `${l.id}/${x.id}` })));
const modulesOf = (c: Shape) => activeModules(c).map((l) => ({ id: l.id, at: l.id }));

/** What `after` adds to `before`, what it takes away, and whether the items both keep stand in another order or module. */
function compare(before: ReadonlyArray<{ id: string; at: string }>, after: ReadonlyArray<{ id: string; at: string }>) {
  const now = new Set(after.map((a) => a.id));
  const kept = new Set(before.filter((b) => now.has(b.id)).map((b) => b.id));
  const order = (list: ReadonlyArray<{ id: string; at: string }>) => list.flatMap((x) => (kept.has(x.id) ? [x.at] : [])).join(' ');
  return { added: after.length - kept.size, removed: before.length - kept.size, moved: order(before) !== order(after) };
}

/** What publishing `draft` over `published` (null: never published) changes for learners. */
export function publishSummary(published: Shape | null, draft: Shape): PublishSummary {
  const before = published ?? { title: '', subtitle: '', levels: [] };
  const cases = compare(activeCases(before), activeCases(draft));
  const modules = compare(modulesOf(before), modulesOf(draft));
  const rulesChanged =
    published !== null &&
    (Boolean(published.proficiencyOrder) !== Boolean(draft.proficiencyOrder) || Boolean(published.assessmentRequired) !== Boolean(draft.assessmentRequired));
  const reordered = cases.moved || modules.moved;
  const counted = cases.added + cases.removed + modules.added + modules.removed > 0;
  return {
    firstPublication: published === null,
    casesAdded: cases.added,
    casesRemoved: cases.removed,
    modulesAdded: modules.added,
    modulesRemoved: modules.removed,
    reordered,
    rulesChanged,
    otherChanges: published !== null && !counted && !reordered && !rulesChanged && canonical(published) !== canonical(draft),
  };
}

/** A course page's preview address: the draft as a learner with (or without) a plan sees it, in the page's language. */
export const previewHref = (coursePath: string, token: string, withPlan = true): string =>
  `${coursePath}?${new URLSearchParams({ preview: token, plan: withPlan ? 'with' : 'none' })}`;

/**
 * A text of the course learners read, named as the editor numbers it: the course's title, subtitle or outcomes (what
 * the learner will be able to do), or the title of module `module` or of case `case` in it (both counted from 1).
 */
export interface CourseTextRef {
  text: 'title' | 'subtitle' | 'outcomes' | 'module' | 'case';
  module?: number;
  case?: number;
}

/** What is worth a look before Publish: texts a language lacks (read there in English) and texts still as a new course has them. */
export interface PublishChecks {
  /** Languages that lack the same texts, grouped, in the site's order of languages; empty when every text is written. */
  missing: Array<{ locales: TranslatedLocale[]; texts: CourseTextRef[] }>;
  /** Texts that still read what "Add course", "Add module" or "Add case" put there, with that text. */
  placeholders: Array<CourseTextRef & { value: string }>;
}

interface Texted {
  title: string;
  subtitle: string;
  outcomes?: string[] | undefined;
  translations?: Translations<CourseText> | undefined;
  levels: ReadonlyArray<{
    title: string;
    active: boolean;
    translations?: Translations<TitleText> | undefined;
    cases: ReadonlyArray<{ title: string; translations?: Translations<TitleText> | undefined }>;
  }>;
}

const written = (s: string | undefined): s is string => s !== undefined && s.trim() !== '';

/**
 * The texts learners of `locale` read in English because the course has none of its own there: its title, subtitle,
 * outcomes (any line missing) and the titles of the modules learners see (active ones) and of their cases. English
 * lacks nothing; a text English leaves empty is not asked for either.
 */
export function missingTexts(course: Texted, locale: ContentLocale): CourseTextRef[] {
  if (locale === 'en') return [];
  const own = course.translations?.[locale];
  const english = (course.outcomes ?? []).filter(written);
  const outcomes = own?.outcomes?.filter(written) ?? [];
  return [
    ...(written(own?.title) ? [] : [{ text: 'title' as const }]),
    ...(written(course.subtitle) && !written(own?.subtitle) ? [{ text: 'subtitle' as const }] : []),
    ...(outcomes.length < english.length ? [{ text: 'outcomes' as const }] : []),
    ...course.levels.flatMap((module, m) =>
      module.active
        ? [
            ...(written(module.translations?.[locale]?.title) ? [] : [{ text: 'module' as const, module: m + 1 }]),
            ...module.cases.flatMap((c, k) => (written(c.translations?.[locale]?.title) ? [] : [{ text: 'case' as const, module: m + 1, case: k + 1 }])),
          ]
        : [],
    ),
  ];
}

/** The English texts a new course, module or case starts with (src/domain/defaults.ts), still there. */
function placeholdersOf(course: Texted): PublishChecks['placeholders'] {
  const fresh = newCourseBody();
  const blank = newModule('', '');
  const item = newCase('');
  const still = (value: string, placeholder: string) => value.trim() === placeholder;
  return [
    ...(still(course.title, fresh.title) ? [{ text: 'title' as const, value: course.title.trim() }] : []),
    ...(still(course.subtitle, fresh.subtitle) ? [{ text: 'subtitle' as const, value: course.subtitle.trim() }] : []),
    ...course.levels.flatMap((l, m) =>
      l.active
        ? [
            ...(still(l.title, blank.title) ? [{ text: 'module' as const, module: m + 1, value: l.title.trim() }] : []),
            ...l.cases.flatMap((c, k) => (still(c.title, item.title) ? [{ text: 'case' as const, module: m + 1, case: k + 1, value: c.title.trim() }] : [])),
          ]
        : [],
    ),
  ];
}

/** The checks Publish shows for `course`: what each language lacks (languages lacking the same texts together) and the placeholders left. */
export function publishChecks(course: Texted): PublishChecks {
  const missing: PublishChecks['missing'] = [];
  for (const locale of TRANSLATED_LOCALES) {
    const texts = missingTexts(course, locale);
    if (texts.length === 0) continue;
    const same = missing.find((group) => JSON.stringify(group.texts) === JSON.stringify(texts));
    if (same) same.locales.push(locale);
    else missing.push({ locales: [locale], texts });
  }
  return { missing, placeholders: placeholdersOf(course) };
}

/** Nothing for Publish to point at. */
export const allClear = (checks: PublishChecks): boolean => checks.missing.length === 0 && checks.placeholders.length === 0;
