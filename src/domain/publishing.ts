// What publishing a course's draft changes for its learners, counted from the published version and the draft, so
// the administrator reads it before going live; and where the administrator sees the draft as a learner first.

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
