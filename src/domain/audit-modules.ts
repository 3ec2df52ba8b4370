// A course's modules and cases as an administrator reads their history: what was added, removed, renamed, changed
// or moved, by title, instead of two versions of the whole list.

/** What one change did to a module: added or removed whole, or changed (renamed, shown or hidden, its cases). */
export interface ModuleChange {
  kind: 'module';
  change: 'added' | 'removed' | 'changed';
  title: string;
  /** The title it had, when renamed. */
  from?: string;
  /** Whether learners see it now, when that changed. */
  active?: boolean;
  casesAdded: string[];
  casesRemoved: string[];
  /** Cases kept whose contents changed (texts, simulator settings, pass mark); `from` when renamed. */
  casesChanged: Array<{ title: string; from?: string }>;
  /** Whether its cases now come in another order. */
  casesMoved: boolean;
}

/** A list now comes in another order: a course's modules (`levels`), its outcomes, a plan's courses. */
export interface OrderChange {
  kind: 'order';
  field: string;
}

interface Titled {
  title: string;
  id?: unknown;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const titledList = (v: unknown): Array<Titled & Record<string, unknown>> =>
  (Array.isArray(v) ? v.map(record) : []).map((x) => ({ ...x, title: typeof x.title === 'string' ? x.title : '' }));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Pairs of [before index, after index]: the same id first (modules and cases keep theirs wherever they move), then,
 * for items of older entries, which have none, equal titles (in order) and what is left at the same place (a rename).
 * Two items with ids of their own are the same item only by id: one deleted and another added are never a rename.
 */
function match<T extends Titled>(before: readonly T[], after: readonly T[]) {
  const pairs: Array<[number, number]> = [];
  const used = new Set<number>();
  const paired = new Set<number>();
  const pair = (i: number, j: number) => {
    used.add(i);
    paired.add(j);
    pairs.push([i, j]);
  };
  const sameId = (b: T, item: T) => typeof item.id === 'string' && b.id === item.id;
  const unnamed = (b: T, item: T) => typeof b.id !== 'string' || typeof item.id !== 'string';
  for (const alike of [sameId, (b: T, item: T) => unnamed(b, item) && b.title === item.title]) {
    after.forEach((item, j) => {
      const i = paired.has(j) ? -1 : before.findIndex((b, k) => !used.has(k) && alike(b, item));
      if (i >= 0) pair(i, j);
    });
  }
  pairs.sort((x, y) => x[1] - y[1]);
  const matched = pairs.length;
  after.forEach((_, j) => {
    if (!paired.has(j) && j < before.length && !used.has(j) && unnamed(before[j]!, after[j]!)) pair(j, j);
  });
  const moved = pairs.slice(0, matched).some(([i], k, all) => k > 0 && i < all[k - 1]![0]);
  return {
    pairs,
    moved,
    added: after.flatMap((item, j) => (paired.has(j) ? [] : [item])),
    removed: before.flatMap((item, i) => (used.has(i) ? [] : [item])),
  };
}

/** What changed in a course's modules (`levels`) and their cases, module by module, then whether they moved. */
export function moduleChanges(before: unknown, after: unknown): Array<ModuleChange | OrderChange> {
  const was = titledList(before);
  const now = titledList(after);
  const modules = match(was, now);
  const cases = (m: Record<string, unknown>) => titledList(m.cases).map((c) => c.title);
  const changes: Array<ModuleChange | OrderChange> = [];
  const none = { casesAdded: [], casesRemoved: [], casesChanged: [], casesMoved: false };
  for (const [i, j] of modules.pairs.sort((a, b) => a[1] - b[1])) {
    const old = was[i]!;
    const next = now[j]!;
    if (same(old, next)) continue;
    const inner = match(titledList(old.cases), titledList(next.cases));
    const change: ModuleChange = {
      kind: 'module',
      change: 'changed',
      title: next.title,
      ...(old.title !== next.title ? { from: old.title } : {}),
      ...(old.active !== next.active ? { active: next.active === true } : {}),
      casesAdded: inner.added.map((c) => c.title),
      casesRemoved: inner.removed.map((c) => c.title),
      casesChanged: inner.pairs
        .sort((a, b) => a[1] - b[1])
        .flatMap(([a, b]) => {
          const [x, y] = [titledList(old.cases)[a]!, titledList(next.cases)[b]!];
          return same(x, y) ? [] : [{ title: y.title, ...(x.title !== y.title ? { from: x.title } : {}) }];
        }),
      casesMoved: inner.moved,
    };
    changes.push(change);
  }
  for (const m of modules.added) changes.push({ kind: 'module', change: 'added', title: m.title, ...none, casesAdded: cases(m) });
  for (const m of modules.removed) changes.push({ kind: 'module', change: 'removed', title: m.title, ...none });
  if (modules.moved) changes.push({ kind: 'order', field: 'levels' });
  return changes;
}
