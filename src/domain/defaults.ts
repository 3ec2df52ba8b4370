import type { CaseItem, Module } from '../api/courses.ts';

/** The defaults for new items, in one place so that the editor and the server create the same ones. */
export function newCase(id: string): CaseItem {
  return { id, title: 'New Case', bubbles: [] };
}

/** A new module with one new case: two ids, the module's and its case's. */
export function newModule(id: string, caseId: string): Module {
  return { id, title: 'New Module', active: true, cases: [newCase(caseId)] };
}

export function newCourseBody(): { title: string; subtitle: string; levels: Module[] } {
  return { title: 'New Course', subtitle: 'new course', levels: [] };
}

/** Where a course stands: a draft never published (administrators only), published to learners, or archived (hidden, history kept). */
export type CourseStatus = 'draft' | 'published' | 'archived';
