import { moduleChanges, type ModuleChange, type OrderChange } from './audit-modules.ts';

/**
 * One difference between an audit entry's before and after, for showing a history (a user's, a course's, a plan's):
 * a field's old and new value; items added to or taken from a list (a plan's courses, a course's outcomes); the
 * languages whose texts changed; a subscription; a module and its cases.
 */
export type AuditChange =
  | { kind: 'field'; field: string; from: unknown; to: unknown }
  | { kind: 'list'; field: string; added: string[]; removed: string[] }
  | { kind: 'translations'; field: string; locales: string[] }
  | { kind: 'subscription'; change: 'added' | 'removed' | 'changed'; subscription: SubscriptionRef }
  | ModuleChange
  | OrderChange;

export interface SubscriptionRef {
  subscription_id: string;
  product_id: string;
  plan_name: string;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === false || (typeof v === 'object' && Object.keys(v).length === 0);
const isStrings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

function subscriptionsById(v: unknown): Map<string, Record<string, unknown>> {
  const list = Array.isArray(v) ? v.map(record) : [];
  return new Map(list.map((s, i) => [typeof s.subscription_id === 'string' ? s.subscription_id : `#${i}`, s]));
}

function ref(id: string, s: Record<string, unknown>): SubscriptionRef {
  return { subscription_id: id, product_id: String(s.product_id ?? ''), plan_name: String(s.plan_name ?? '') };
}

function subscriptionChanges(before: unknown, after: unknown): AuditChange[] {
  const changes: AuditChange[] = [];
  const was = subscriptionsById(before);
  const now = subscriptionsById(after);
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

/** One field's change, read by what it holds: a list of texts by item, translations by language, anything else whole. */
function fieldChanges(field: string, from: unknown, to: unknown): AuditChange[] {
  if (field === 'translations') {
    const [a, b] = [record(from), record(to)];
    // A language's texts left empty are no texts: a form that sends every language blank changes nothing.
    const texts = (v: unknown) => Object.fromEntries(Object.entries(record(v)).filter(([, t]) => !isEmpty(t)));
    const locales = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((l) => !same(texts(a[l]), texts(b[l]))).sort();
    return locales.length ? [{ kind: 'translations', field, locales }] : [];
  }
  if ((isStrings(from) || from === undefined) && (isStrings(to) || to === undefined)) {
    const [a, b] = [(from ?? []) as string[], (to ?? []) as string[]];
    const added = b.filter((x) => !a.includes(x));
    const removed = a.filter((x) => !b.includes(x));
    return added.length || removed.length ? [{ kind: 'list', field, added, removed }] : [{ kind: 'order', field }];
  }
  return [{ kind: 'field', field, from, to }];
}

/**
 * What an admin change did: changed fields in key order (the id aside; a field missing on one side and empty on the
 * other is no change), then subscriptions added, removed or changed (matched by subscription_id), and a course's
 * modules and cases (`levels`) summarised by title.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = record(before);
  const b = record(after);
  const changes: AuditChange[] = [];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => k !== 'subscriptions' && k !== 'id');
  for (const field of keys) {
    if (same(a[field], b[field])) continue;
    if (!(field in a) && isEmpty(b[field])) continue;
    if (!(field in b) && isEmpty(a[field])) continue;
    if (field === 'levels') changes.push(...moduleChanges(a[field], b[field]));
    else changes.push(...fieldChanges(field, a[field], b[field]));
  }
  return [...changes, ...subscriptionChanges(a.subscriptions, b.subscriptions)];
}
