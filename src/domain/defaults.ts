import type { TitleText, Translations } from './localize.ts';
import type { CaseParams } from './simulator/params.ts';
import type { DesktopTask } from './simulators.ts';

/** The defaults for new items, in one place so that the editor and the server create the same ones. */
export interface CaseItem {
  /** Stable wherever the case moves (course-items.ts): attempts and pass marks follow it. */
  id: string;
  title: string;
  translations?: Translations<TitleText>;
  bubbles: string[];
  /** A procedure only the desktop simulator plays; set, the laser parameters below do not apply (`taskOfCase`). */
  task?: DesktopTask;
  /** The simulator's parameters for this case; absent, the module's defaults apply (`paramsOfCase`). */
  sim?: CaseParams;
  /** The score that passes the case; absent, the experts' median or 70 (`passMarkOf`). */
  passMark?: number;
}

export interface Level {
  id: string;
  title: string;
  translations?: Translations<TitleText>;
  active: boolean;
  cases: CaseItem[];
}

export function newCase(id: string): CaseItem {
  return { id, title: 'New Case', bubbles: [] };
}

/** A new module with one new case: two ids, the module's and its case's. */
export function newLevel(id: string, caseId: string): Level {
  return { id, title: 'New Module', active: true, cases: [newCase(caseId)] };
}

export function newCourseBody(): { title: string; subtitle: string; levels: Level[] } {
  return { title: 'New Course', subtitle: 'new course', levels: [] };
}

/** Where a course stands: a draft never published (administrators only), published to learners, or archived (hidden, history kept). */
export type CourseStatus = 'draft' | 'published' | 'archived';
