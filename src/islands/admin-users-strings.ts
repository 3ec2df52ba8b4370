/** Every string the /admin-users islands show; the page picks exactly these for the island. */
export const ADMIN_USERS_KEYS = [
  'adminUsers.intro',
  'adminUsers.checking',
  'adminUsers.search.label',
  'adminUsers.search.hint',
  'adminUsers.search.submit',
  'adminUsers.search.searching',
  'adminUsers.notFound.email',
  'adminUsers.notFound.uid',
  'adminUsers.user.email',
  'adminUsers.user.id',
  'adminUsers.user.name',
  'adminUsers.user.contact',
  'adminUsers.access.heading',
  'adminUsers.access.premium',
  'adminUsers.access.admin',
  'adminUsers.access.expert',
  'adminUsers.subs.heading',
  'adminUsers.subs.none',
  'adminUsers.subs.provider',
  'adminUsers.subs.planName',
  'adminUsers.subs.plan',
  'adminUsers.subs.status',
  'adminUsers.subs.end',
  'adminUsers.subs.actions',
  'adminUsers.subs.remove',
  'adminUsers.subs.removeConfirm',
  'adminUsers.status.active',
  'adminUsers.status.expired',
  'adminUsers.add.heading',
  'adminUsers.add.plan',
  'adminUsers.add.days',
  'adminUsers.add.submit',
  'adminUsers.add.daysError',
  'adminUsers.add.noPlans',
  'adminUsers.add.note',
  'adminUsers.plans.error',
  'adminUsers.plans.hidden',
  'adminUsers.save',
  'adminUsers.saving',
  'adminUsers.discard',
  'adminUsers.unsaved',
  'adminUsers.saved',
  'adminUsers.error.lastAdmin',
  'adminUsers.error.invalid',
  'adminUsers.error.forbidden',
  'adminUsers.error.gone',
  'adminUsers.error.network',
  'adminUsers.error.generic',
  'adminUsers.history.heading',
  'adminUsers.history.loading',
  'adminUsers.history.none',
  'adminUsers.history.error',
  'adminUsers.history.by',
  'adminUsers.history.noChange',
  'adminUsers.history.added',
  'adminUsers.history.removed',
  'adminUsers.history.changed',
  'adminUsers.yes',
  'adminUsers.no',
] as const;

export type AdminUsersKey = (typeof ADMIN_USERS_KEYS)[number];
export type AdminUsersStrings = Record<AdminUsersKey, string>;

/** Fills "{{name}}" placeholders of a picked string (islands do not ship i18next). */
export function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** A date and time in the page's language, e.g. the end of a subscription. */
export function formatDateTime(locale: string, date: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
