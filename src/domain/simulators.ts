// Which simulator plays a case: the browser simulator has the fetoscopic laser tasks and fetal tracheal occlusion
// (on the airway model, src/domain/airway); every other procedure is played in the desktop simulator. Derived from
// the case's task, never stored, so the catalogue cannot claim more than the browser can play.
import { taskOfModule, TASKS, type Task } from './simulator/params.ts';

/** Procedures only the desktop simulator plays. */
export const DESKTOP_TASKS = ['bronchoscopy', 'tracheal-occlusion', 'catheter-placement', 'pleuroamniotic-shunt'] as const;
export type DesktopTask = (typeof DESKTOP_TASKS)[number];

/** Every task a case can set: the browser simulator's laser tasks, then the desktop simulator's own. */
export const CASE_TASKS = [...TASKS, ...DESKTOP_TASKS] as const;
export type CaseTask = Task | DesktopTask;

/** 'browser': the browser simulator plays it (and the desktop one too); 'desktop': only the desktop simulator does. */
export type Simulator = 'browser' | 'desktop';

/** Where a course is played: every case in the browser too, none of them, or some. */
export type PlayedIn = 'browser' | 'desktop' | 'mixed';

/** The parts of a case that say what it sets. */
export interface CaseTaskFields {
  task?: DesktopTask | undefined;
  sim?: { task: Task } | undefined;
}

export const isBrowserTask = (task: CaseTask): task is Task => (TASKS as readonly string[]).includes(task);

/** A case's task: its desktop procedure, or its laser parameters' task, or its module's default (1-based module). */
export function taskOfCase(item: CaseTaskFields, moduleNo: number): CaseTask {
  return item.task ?? item.sim?.task ?? taskOfModule(moduleNo);
}

/** The desktop procedures the browser plays too: tracheal occlusion, on the airway model. */
const BROWSER_PROCEDURES: readonly DesktopTask[] = ['tracheal-occlusion'];

export const simulatorOf = (task: CaseTask): Simulator => (isBrowserTask(task) || BROWSER_PROCEDURES.includes(task) ? 'browser' : 'desktop');

/** Which simulator plays a case of module `moduleNo` (1-based). */
export const simulatorOfCase = (item: CaseTaskFields, moduleNo: number): Simulator => simulatorOf(taskOfCase(item, moduleNo));

/** Where a course's active cases are played; a course without any counts as played in the browser (it promises nothing). */
export function playedIn(levels: ReadonlyArray<{ active: boolean; cases: readonly CaseTaskFields[] }>): PlayedIn {
  const all = levels.flatMap((l, i) => (l.active ? l.cases.map((c) => simulatorOfCase(c, i + 1)) : []));
  if (all.every((s) => s === 'browser')) return 'browser';
  return all.every((s) => s === 'desktop') ? 'desktop' : 'mixed';
}
