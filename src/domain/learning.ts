import { isEntitled, subscriptionStatus, type PlanLike, type UserLike } from './entitlement.ts';
import { toDate } from './time.ts';

/**
 * A learner's access to one course: whether they hold it now (the entitlement rule) and when that ends. `until` is
 * null for administrators and premium accounts (no end) and, for a course not held, the end of the last subscription
 * that gave it (null if none ever did).
 */
export interface CourseAccess {
  held: boolean;
  until: Date | null;
}

/** Where My learning stands on a course; the latest end of the subscriptions whose plan includes it. */
export function courseAccess(user: UserLike, courseId: string, plans: readonly PlanLike[], now: Date): CourseAccess {
  const held = isEntitled(user, courseId, plans, now);
  if (user.isAdmin || user.isPremium) return { held, until: null };
  const giving = user.subscriptions.filter((sub) => plans.some((p) => p.id === sub.product_id && p.courses.includes(courseId)));
  const ends = giving.filter((sub) => (subscriptionStatus(sub, now) === 'ACTIVE') === held).map((sub) => toDate(sub.next_billing_time).getTime());
  return { held, until: ends.length ? new Date(Math.max(...ends)) : null };
}

/** The courses a learner could buy next: those a plan on sale includes, in catalogue order, that they do not hold now. */
export function coursesOnSale(catalogueOrder: readonly string[], plansOnSale: readonly PlanLike[], held: ReadonlySet<string>): string[] {
  return catalogueOrder.filter((id) => !held.has(id) && plansOnSale.some((p) => p.courses.includes(id)));
}

/**
 * Whether a group member is late with a course assigned to them: its due date has passed and they hold no valid
 * certificate of it. The group's page, its reminders and its CSV all read lateness from here.
 */
export function isLate(dueAt: Date, completed: boolean, now: Date): boolean {
  return !completed && dueAt.getTime() <= now.getTime();
}
