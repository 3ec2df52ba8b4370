// What an administrator sets per case, and what a module's task is: the simulator reads nothing else about a case.
import { COMPLICATIONS, type Complication } from './complications.ts';

/** The exercise a case sets: the seeded courses give one per module. */
export const TASKS = ['navigation', 'selective', 'solomon'] as const;
/**
 * 'navigation': reach marked targets in order without touching the plate;
 * 'selective': find, classify and seal the anastomoses;
 * 'solomon': the whole operation, selective coagulation then the Solomon line.
 */
export type Task = (typeof TASKS)[number];

/** Which fetoscopes the learner may choose from at the start: a straight (0°) or an angled (30°) one, or both. */
export const SCOPE_OFFERS = ['straight', 'angled', 'both'] as const;
export type ScopeOffer = (typeof SCOPE_OFFERS)[number];

/** Where the placenta lies: posterior (facing the entry) or anterior (on the entry wall); 'either' lets the launch decide. */
export const PLACENTA_SITES = ['posterior', 'anterior', 'either'] as const;
export type PlacentaSite = (typeof PLACENTA_SITES)[number];

/** A case's simulator parameters, stored in the case record and signed into each launch token. */
export interface CaseParams {
  task: Task;
  /** 1 (first module) to 5: how faint the anastomoses are, how much the equator meanders, how many decoys. */
  difficulty: number;
  placenta: PlacentaSite;
  /** Anastomoses on the equator (selective and Solomon tasks). */
  anastomoses: number;
  /** Diameter of the smallest anastomosis, in millimetres (sub-millimetre ones are the hard part). */
  smallestMm: number;
  scopes: ScopeOffer;
  /** Targets to reach (navigation task). */
  targets: number;
  /** A complication the learner must manage (complications.ts): selective and Solomon cases only; absent, none. */
  complication?: Complication;
}

/** The bounds an editor and the server enforce. */
export const PARAM_BOUNDS = {
  difficulty: { min: 1, max: 5 },
  anastomoses: { min: 1, max: 12 },
  smallestMm: { min: 0.4, max: 3 },
  targets: { min: 2, max: 8 },
} as const;

const clamp = (v: number, b: { min: number; max: number }) => Math.min(b.max, Math.max(b.min, v));

/** The task of a module by its position, as the seeded courses lay them out: navigation, selective, then Solomon. */
export function taskOfModule(moduleNo: number): Task {
  return TASKS[Math.min(TASKS.length, Math.max(1, Math.round(moduleNo))) - 1] ?? 'solomon';
}

/** Parameters for a case that has none stored: the module gives the task, the case's rank makes it harder. */
export function defaultCaseParams(moduleNo: number, caseIndex: number): CaseParams {
  const task = taskOfModule(moduleNo);
  const difficulty = clamp(Math.round(moduleNo + caseIndex - 1), PARAM_BOUNDS.difficulty);
  return {
    task,
    difficulty,
    placenta: caseIndex >= 3 ? 'anterior' : caseIndex === 2 ? 'either' : 'posterior',
    anastomoses: clamp(2 + difficulty, PARAM_BOUNDS.anastomoses),
    smallestMm: Math.round(clamp(2.2 - 0.4 * difficulty, PARAM_BOUNDS.smallestMm) * 10) / 10,
    // A case whose placenta may be anterior offers the angled scope: a straight one cannot meet the far side of an
    // anterior plate at a working angle from any site beside it.
    scopes: caseIndex >= 2 ? 'both' : 'straight',
    targets: clamp(2 + caseIndex, PARAM_BOUNDS.targets),
  };
}

/** Any stored or signed value made into valid parameters: unknown fields dropped, numbers clamped, gaps from the defaults. */
export function normalizeCaseParams(raw: unknown, fallback: CaseParams): CaseParams {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const num = (key: keyof typeof PARAM_BOUNDS, integer: boolean): number => {
    const v = r[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) return fallback[key];
    return clamp(integer ? Math.round(v) : v, PARAM_BOUNDS[key]);
  };
  const pick = <T extends string>(key: string, allowed: readonly T[], dflt: T): T => (allowed.includes(r[key] as T) ? (r[key] as T) : dflt);
  const task = pick('task', TASKS, fallback.task);
  return {
    task,
    difficulty: num('difficulty', true),
    placenta: pick('placenta', PLACENTA_SITES, fallback.placenta),
    anastomoses: num('anastomoses', true),
    smallestMm: num('smallestMm', false),
    scopes: pick('scopes', SCOPE_OFFERS, fallback.scopes),
    targets: num('targets', true),
    ...(task !== 'navigation' && COMPLICATIONS.includes(r['complication'] as Complication) ? { complication: r['complication'] as Complication } : {}),
  };
}

/** The parameters a case runs with: what the admin stored for it, completed from the module's defaults. */
export function paramsOfCase(stored: unknown, moduleNo: number, caseIndex: number): CaseParams {
  return normalizeCaseParams(stored, defaultCaseParams(moduleNo, caseIndex));
}
