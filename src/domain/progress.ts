// A learner's record in one course, from the attempts the server stored: which cases are passed, what is left,
// where to continue, and (in proficiency order) which modules are still closed and why.
import { countsForPass } from './assessment.ts';
import { simulatorOfCase, type CaseTaskFields, type Simulator } from './simulators.ts';
import type { TitleText, Translations } from './localize.ts';

/** The pass mark of a case without one set and without an expert benchmark. */
export const DEFAULT_PASS_MARK = 70;

export type CaseState = 'notStarted' | 'attempted' | 'passed';
/** Where a case's pass mark comes from: set by an admin, the experts' median score, or the default. */
export type PassMarkSource = 'set' | 'benchmark' | 'default';

/** The parts of a course the rules read. */
export interface CourseShape {
  proficiencyOrder?: boolean;
  /** Only attempts played in an assessment window pass a case (see assessment.ts). */
  assessmentRequired?: boolean;
  levels: ReadonlyArray<{
    title: string;
    active: boolean;
    cases: ReadonlyArray<CaseTaskFields & { id: string; title: string; passMark?: number | undefined; translations?: Translations<TitleText> | undefined }>;
  }>;
}

/** One stored attempt as the rules need it: the case it played by id, wherever that case stands now. */
export interface AttemptFact {
  caseId: string;
  score: number;
  at: Date;
  /** Input no hand makes: never counts. */
  flagged: boolean;
  /** Played in an assessment window, without the guided steps. */
  assessed?: boolean;
}

/** The experts' median score for a case, when the simulator has one. */
export interface BenchmarkFact {
  caseId: string;
  score: number;
}

/** Why a case cannot be opened yet: the module before it (its number as shown, among active modules) is not passed. */
export interface Lock {
  module: number;
  title: string;
  /** Cases of that module still to pass. */
  remaining: number;
}

export interface CaseStanding {
  level: number;
  case: number;
  title: string;
  passMark: number;
  passMarkSource: PassMarkSource;
  /** Which simulator plays it: the browser simulator only has the fetoscopic laser tasks. */
  simulator: Simulator;
  state: CaseState;
  best: number | null;
  attempts: number;
  /** When an attempt that counts first reached the pass mark. */
  passedAt: Date | null;
  /** The best score of an attempt played in an assessment window, if any. */
  assessedBest: number | null;
  /** Passed in an assessment window. */
  assessed: boolean;
  lock: Lock | null;
}

export interface ModuleStanding {
  level: number;
  /** The module's number as the course page shows it: its place among active modules. */
  shown: number;
  title: string;
  passed: number;
  total: number;
  percent: number;
  lock: Lock | null;
  cases: CaseStanding[];
}

export interface CourseStanding {
  proficiencyOrder: boolean;
  assessmentRequired: boolean;
  passed: number;
  total: number;
  percent: number;
  /** Every active case passed (a course without cases is never complete). */
  complete: boolean;
  /** When the last case was first passed, once complete. */
  completedAt: Date | null;
  /** The first case, in course order, not passed yet and open; null when there is none. */
  next: { level: number; case: number } | null;
  modules: ModuleStanding[];
}

/** A passed case as a certificate lists it. */
export interface CertificateCase {
  module: number;
  case: number;
  title: string;
  /** The title in the other languages as it was at issue; absent on certificates issued before they were kept. */
  translations?: Translations<TitleText>;
  score: number;
  passMark: number;
  /** Passed in an assessment window; absent on certificates issued before there were any. */
  assessed?: boolean;
}

/** Whole percent, rounded down, so 100 means everything. */
export const percentOf = (passed: number, total: number) => (total === 0 ? 0 : Math.floor((passed * 100) / total));

/** The pass mark of a case and where it comes from. */
export function passMarkOf(stored: number | undefined, benchmark: number | undefined): { passMark: number; passMarkSource: PassMarkSource } {
  if (stored !== undefined) return { passMark: stored, passMarkSource: 'set' };
  if (benchmark !== undefined) return { passMark: Math.round(benchmark), passMarkSource: 'benchmark' };
  return { passMark: DEFAULT_PASS_MARK, passMarkSource: 'default' };
}

/** The learner's standing in a course; with no attempts, what a new learner (or a visitor's plan) opens. */
export function courseStanding(course: CourseShape, attempts: readonly AttemptFact[], benchmarks: readonly BenchmarkFact[] = []): CourseStanding {
  const marks = new Map(benchmarks.map((b) => [b.caseId, b.score]));
  const byCase = new Map<string, AttemptFact[]>();
  for (const a of attempts) {
    if (a.flagged) continue;
    byCase.set(a.caseId, [...(byCase.get(a.caseId) ?? []), a]);
  }
  const proficiencyOrder = course.proficiencyOrder === true;
  const assessmentRequired = course.assessmentRequired === true;
  const counted = (a: AttemptFact) => countsForPass({ flagged: a.flagged, assessed: a.assessed === true }, assessmentRequired);
  const modules: ModuleStanding[] = [];
  let lock: Lock | null = null;
  course.levels.forEach((module, i) => {
    if (!module.active) return;
    const moduleNo = i + 1;
    const cases = module.cases.map((c, j): CaseStanding => {
      const mine = byCase.get(c.id) ?? [];
      const mark = passMarkOf(c.passMark, marks.get(c.id));
      const best = mine.length ? Math.max(...mine.map((a) => a.score)) : null;
      const passing = mine.filter((a) => counted(a) && a.score >= mark.passMark).map((a) => a.at.getTime());
      const assessedScores = mine.filter((a) => a.assessed === true).map((a) => a.score);
      const assessedBest = assessedScores.length ? Math.max(...assessedScores) : null;
      const state: CaseState = passing.length ? 'passed' : mine.length ? 'attempted' : 'notStarted';
      return {
        level: moduleNo,
        case: j + 1,
        title: c.title,
        ...mark,
        simulator: simulatorOfCase(c, moduleNo),
        state,
        best,
        attempts: mine.length,
        passedAt: passing.length ? new Date(Math.min(...passing)) : null,
        assessedBest,
        assessed: assessedBest !== null && assessedBest >= mark.passMark,
        lock,
      };
    });
    const passed = cases.filter((c) => c.state === 'passed').length;
    const shown = modules.length + 1;
    modules.push({ level: moduleNo, shown, title: module.title, passed, total: cases.length, percent: percentOf(passed, cases.length), lock, cases });
    // Proficiency order: once a module is not fully passed, every module after it stays closed behind the first such one.
    if (proficiencyOrder && !lock && passed < cases.length) lock = { module: shown, title: module.title, remaining: cases.length - passed };
  });
  const all = modules.flatMap((m) => m.cases);
  const passed = all.filter((c) => c.state === 'passed').length;
  const complete = all.length > 0 && passed === all.length;
  const next = all.find((c) => c.state !== 'passed' && !c.lock);
  return {
    proficiencyOrder,
    assessmentRequired,
    passed,
    total: all.length,
    percent: percentOf(passed, all.length),
    complete,
    completedAt: complete ? new Date(Math.max(...all.map((c) => c.passedAt!.getTime()))) : null,
    next: next ? { level: next.level, case: next.case } : null,
    modules,
  };
}

/**
 * The passed cases as a certificate lists them, numbered as the course page shows them, with the score that passed
 * them (in a course requiring assessment, the best assessed one) and whether they were passed in an assessment.
 * Titles come from `course` as stored (English, with their translations), whatever language the standing was read in.
 */
export function certificateCases(standing: CourseStanding, course: CourseShape): CertificateCase[] {
  return standing.modules.flatMap((m) =>
    m.cases
      .filter((c) => c.state === 'passed')
      .map((c) => {
        const own = course.levels[c.level - 1]?.cases[c.case - 1];
        return {
          module: m.shown,
          case: c.case,
          title: own?.title ?? c.title,
          translations: own?.translations ?? {},
          score: (standing.assessmentRequired ? c.assessedBest : c.best) ?? 0,
          passMark: c.passMark,
          assessed: c.assessed,
        };
      }),
  );
}

/** Whether a case may be launched under the course's order: null when it may, the lock otherwise. */
export function lockOf(standing: CourseStanding, level: number, caseIndex: number): Lock | null {
  return standing.modules.find((m) => m.level === level)?.cases.find((c) => c.case === caseIndex)?.lock ?? null;
}
