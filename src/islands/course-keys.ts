import { COURSE_ERROR_KEYS } from '../stores/course-errors.ts';

/** The strings the course editor shows; kept apart so the page can pick them without loading the editor's code. */
export const EDITOR_KEYS = [
  'course.editing',
  'course.title',
  'course.subtitle',
  'course.module',
  'course.moduleTitle',
  'course.active',
  'course.inactive',
  'course.deleteModule',
  'course.cases',
  'course.caseTitle',
  'course.deleteCase',
  'course.addCase',
  'course.addModule',
  'course.noModules',
  'course.save',
  'course.saving',
  'course.discard',
  'course.unsaved',
  ...COURSE_ERROR_KEYS,
] as const;

/** The strings of the play flow and the open-case dialog. */
export const LAUNCH_KEYS = [
  'course.edit',
  'course.noSubscription',
  'course.toPricing',
  'course.openTitle',
  'course.desktop',
  'course.desktopHint',
  'course.browser',
  'course.browserHint',
  'course.close',
  'course.preparing',
  'course.launchError',
] as const;

export type EditorKey = (typeof EDITOR_KEYS)[number];
export type LaunchKey = (typeof LAUNCH_KEYS)[number];
