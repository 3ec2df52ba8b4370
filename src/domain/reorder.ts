// Moving and deleting modules and cases in a course's draft. A case that sets no parameters of its own plays the
// defaults of its place (module and rank): before it stands elsewhere it takes those parameters as its own, so a
// move or a deletion above it never changes what a case plays, and its learners' attempts stay comparable.
import { defaultCaseParams, type CaseParams } from './simulator/params.ts';

interface CaseLike {
  id: string;
  task?: unknown;
  sim?: CaseParams | undefined;
}
interface ModuleLike<C extends CaseLike> {
  id: string;
  cases: readonly C[];
}

/** `list` with its item at `from` moved to `to` (0-based); the list as it was when either is outside it. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

const same = (a: CaseParams, b: CaseParams) => JSON.stringify(a) === JSON.stringify(b);

/** `after`, where each case that plays its place's defaults and would play other ones there keeps those of its place in `before`. */
export function keepingDefaults<C extends CaseLike, L extends ModuleLike<C>>(before: readonly L[], after: readonly L[]): L[] {
  const places = new Map(before.flatMap((l, i) => l.cases.map((c, j) => [c.id, [i + 1, j + 1]] as const)));
  return after.map((l, i) => ({
    ...l,
    cases: l.cases.map((c, j) => {
      const was = places.get(c.id);
      if (c.task !== undefined || c.sim !== undefined || !was) return c;
      const old = defaultCaseParams(was[0], was[1]);
      return same(old, defaultCaseParams(i + 1, j + 1)) ? c : { ...c, sim: old };
    }),
  }));
}

/** The module at `from` moved to `to` (0-based). */
export const moveModule = <C extends CaseLike, L extends ModuleLike<C>>(modules: readonly L[], from: number, to: number): L[] =>
  keepingDefaults(modules, moved(modules, from, to));

/** In module `moduleIndex`, the case at `from` moved to `to` (0-based). */
export const moveCase = <C extends CaseLike, L extends ModuleLike<C>>(modules: readonly L[], moduleIndex: number, from: number, to: number): L[] =>
  keepingDefaults(
    modules,
    modules.map((l, i) => (i === moduleIndex ? { ...l, cases: moved(l.cases, from, to) } : l)),
  );

/** The course without module `moduleIndex` (0-based). */
export const removeModule = <C extends CaseLike, L extends ModuleLike<C>>(modules: readonly L[], moduleIndex: number): L[] =>
  keepingDefaults(
    modules,
    modules.filter((_, i) => i !== moduleIndex),
  );

/** Module `moduleIndex` without its case `index` (0-based). */
export const removeCase = <C extends CaseLike, L extends ModuleLike<C>>(modules: readonly L[], moduleIndex: number, index: number): L[] =>
  keepingDefaults(
    modules,
    modules.map((l, i) => (i === moduleIndex ? { ...l, cases: l.cases.filter((_, j) => j !== index) } : l)),
  );
