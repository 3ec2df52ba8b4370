// What publishing a course's draft changes for its learners, counted from the published version and the draft, so
// the administrator reads it before going live.

interface Shape {
  title: string;
  subtitle: string;
  levels: ReadonlyArray<{ active: boolean; cases: readonly unknown[] }>;
  proficiencyOrder?: boolean | undefined;
  assessmentRequired?: boolean | undefined;
}

/** The changes a learner meets once the draft is published. */
export interface PublishSummary {
  /** Never published: the course appears in the catalogue. */
  firstPublication: boolean;
  /** Cases learners see (in active modules) added and taken away, counted by number. */
  casesAdded: number;
  casesRemoved: number;
  modulesAdded: number;
  modulesRemoved: number;
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

const activeCases = (c: Shape) => c.levels.reduce((n, l) => n + (l.active ? l.cases.length : 0), 0);
const activeModules = (c: Shape) => c.levels.filter((l) => l.active).length;

/** What publishing `draft` over `published` (null: never published) changes for learners. */
export function publishSummary(published: Shape | null, draft: Shape): PublishSummary {
  const before = published ?? { title: '', subtitle: '', levels: [] };
  const cases = activeCases(draft) - activeCases(before);
  const modules = activeModules(draft) - activeModules(before);
  const rulesChanged =
    published !== null &&
    (Boolean(published.proficiencyOrder) !== Boolean(draft.proficiencyOrder) || Boolean(published.assessmentRequired) !== Boolean(draft.assessmentRequired));
  return {
    firstPublication: published === null,
    casesAdded: Math.max(0, cases),
    casesRemoved: Math.max(0, -cases),
    modulesAdded: Math.max(0, modules),
    modulesRemoved: Math.max(0, -modules),
    rulesChanged,
    otherChanges: published !== null && cases === 0 && modules === 0 && !rulesChanged && canonical(published) !== canonical(draft),
  };
}
