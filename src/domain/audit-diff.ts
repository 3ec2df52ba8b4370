/** One difference between an audit entry's before and after, for showing a user's history. */
export type AuditChange =
  | { kind: 'field'; field: string; from: unknown; to: unknown }
  | { kind: 'subscription'; change: 'added' | 'removed' | 'changed'; subscription: SubscriptionRef };

export interface SubscriptionRef {
  subscription_id: string;
  product_id: string;
  plan_name: string;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function subscriptionsById(v: unknown): Map<string, Record<string, unknown>> {
  const list = Array.isArray(v) ? v.map(record) : [];
  return new Map(list.map((s, i) => [typeof s.subscription_id === 'string' ? s.subscription_id : `#${i}`, s]));
}

function ref(id: string, s: Record<string, unknown>): SubscriptionRef {
  return { subscription_id: id, product_id: String(s.product_id ?? ''), plan_name: String(s.plan_name ?? '') };
}

/** What an admin change did: changed fields in key order, then subscriptions added, removed or changed (matched by subscription_id). */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = record(before);
  const b = record(after);
  const changes: AuditChange[] = [];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => k !== 'subscriptions');
  for (const field of keys) {
    if (!same(a[field], b[field])) changes.push({ kind: 'field', field, from: a[field], to: b[field] });
  }
  const was = subscriptionsById(a.subscriptions);
  const now = subscriptionsById(b.subscriptions);
  for (const [id, s] of now) {
    const old = was.get(id);
    if (!old) changes.push({ kind: 'subscription', change: 'added', subscription: ref(id, s) });
    else if (!same(old, s)) changes.push({ kind: 'subscription', change: 'changed', subscription: ref(id, s) });
  }
  for (const [id, s] of was) {
    if (!now.has(id)) changes.push({ kind: 'subscription', change: 'removed', subscription: ref(id, s) });
  }
  return changes;
}
