// Modules and cases keep an id of their own wherever they move, so a learner's attempts, pass marks and certificate
// follow the case they played, not the place it had in the course.

/** What an id of a module or case may look like: short, URL-safe, unique within its course. */
export const ITEM_ID = /^[A-Za-z0-9_-]{1,40}$/;

interface Item {
  id?: string | undefined;
}
interface ModuleOf<C extends Item> extends Item {
  cases: readonly C[];
}

type WithId<T> = T & { id: string };
type ModuleWithIds<L extends ModuleOf<Item>> = Omit<L, 'cases' | 'id'> & { id: string; cases: Array<WithId<L['cases'][number]>> };

/** Eight URL-safe random characters (base64url of 6 random bytes): a new module's or case's id, in the browser and on the server. */
export const newItemId = (): string =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(6))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

/** The ids used more than once in a course (modules and cases share one space). */
export function duplicateIds(levels: ReadonlyArray<ModuleOf<Item>>): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of levels.flatMap((l) => [l.id, ...l.cases.map((c) => c.id)])) {
    if (id === undefined) continue;
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

/** The modules and cases with an id each: those that have one keep it, the others get a new one from `makeId` unused in the course. */
export function withIds<L extends ModuleOf<Item>>(levels: readonly L[], makeId: () => string): Array<ModuleWithIds<L>> {
  const taken = new Set(levels.flatMap((l) => [l.id, ...l.cases.map((c) => c.id)]).filter((id) => id !== undefined));
  const fresh = () => {
    let id = makeId();
    while (taken.has(id)) id = makeId();
    taken.add(id);
    return id;
  };
  return levels.map((l) => ({ ...l, id: l.id ?? fresh(), cases: l.cases.map((c) => ({ ...c, id: c.id ?? fresh() })) }));
}

/** Where a case is now: its module and place (1-based) and the case itself; null when the course has no such case any more. */
export function findCase<C extends Item>(levels: ReadonlyArray<ModuleOf<C>>, caseId: string): { level: number; case: number; item: C } | null {
  for (const [i, l] of levels.entries()) {
    const j = l.cases.findIndex((c) => c.id === caseId);
    if (j >= 0) return { level: i + 1, case: j + 1, item: l.cases[j]! };
  }
  return null;
}
