import { isEntitled } from '../../domain/entitlement.ts';
import type { Db } from '../db/client.ts';
import { entitlementFacts } from './queries.ts';

/** The domain's entitlement rule applied to what the database holds now (hidden plans included). */
export async function userEntitled(db: Pick<Db, 'select'>, uid: string, courseId: string, now: Date): Promise<boolean> {
  const facts = await entitlementFacts(db, uid);
  return facts !== null && isEntitled(facts.user, courseId, facts.plans, now);
}
