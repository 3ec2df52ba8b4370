/** The strings of the learning-record islands, picked by the pages that show them. */
export const OUTLINE_KEYS = [
  'common.module',
  'progress.playCase',
  'progress.loading',
  'progress.error',
  'progress.summary',
  'progress.line.bar',
  'progress.module',
  'progress.notStarted',
  'progress.attempted',
  'progress.passed',
  'progress.passMark',
  'progress.passMarkExperts',
  'progress.continue',
  'progress.start',
  'progress.complete',
  'progress.locked',
  'progress.proficiency',
  'progress.withPlan',
  'progress.afterModule',
  'progress.signIn',
  'progress.certificate',
  'cert.download',
  'cert.downloading',
  'cert.downloadError',
  'cert.verifyLink',
  'cert.revoked',
] as const;

/** The course list's progress line per course. */
export const COURSE_PROGRESS_KEYS = ['progress.line.short', 'progress.line.bar'] as const;

/** My account's learning record. */
export const RECORD_KEYS = [
  'record.title',
  'record.none',
  'record.course',
  'record.progress',
  'record.certificate',
  'record.notYet',
  'record.groups',
  'record.error',
  'progress.line.short',
  'progress.line.bar',
  'cert.download',
  'cert.downloading',
  'cert.downloadError',
  'cert.verifyLink',
  'cert.revoked',
] as const;

/** The public verification page, and its admin's revoke form. */
export const VERIFY_KEYS = [
  'verify.loading',
  'verify.valid',
  'verify.revoked',
  'verify.unknown',
  'verify.error',
  'verify.holder',
  'verify.course',
  'verify.date',
  'verify.id',
  'verify.revokeTitle',
  'verify.reason',
  'verify.revoke',
  'verify.revokeError',
] as const;

export type OutlineStrings = Record<(typeof OUTLINE_KEYS)[number], string>;
export type CourseProgressStrings = Record<(typeof COURSE_PROGRESS_KEYS)[number], string>;
export type RecordStrings = Record<(typeof RECORD_KEYS)[number], string>;
export type VerifyStrings = Record<(typeof VERIFY_KEYS)[number], string>;

/** The groups page: directors follow their groups, admins manage them. */
export const GROUPS_KEYS = [
  'groups.intro',
  'groups.loading',
  'groups.error',
  'groups.none',
  'groups.refused',
  'groups.notFound',
  'groups.count',
  'groups.create',
  'groups.name',
  'groups.createSubmit',
  'groups.rename',
  'groups.delete',
  'groups.deleteConfirm',
  'groups.confirmDelete',
  'groups.cancel',
  'groups.people',
  'groups.addPerson',
  'groups.email',
  'groups.role',
  'groups.role.member',
  'groups.role.director',
  'groups.add',
  'groups.remove',
  'groups.noUser',
  'groups.saveError',
  'groups.progress',
  'groups.member',
  'groups.noMembers',
  'groups.noCourses',
  'groups.export',
  'groups.all',
  'groups.backToGroup',
  'groups.bestScores',
  'groups.certificates',
  'groups.state',
  'record.notYet',
  'record.certificate',
  'progress.line.short',
  'progress.line.bar',
  'progress.notStarted',
  'progress.attempted',
  'progress.passed',
  'progress.passMark',
  'attempts.course',
  'cert.download',
  'cert.downloading',
  'cert.downloadError',
  'cert.verifyLink',
  'cert.revoked',
] as const;

export type GroupsStrings = Record<(typeof GROUPS_KEYS)[number], string>;
