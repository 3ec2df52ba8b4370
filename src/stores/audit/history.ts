import { map } from 'nanostores';
import { answer, auth, client } from '../../api/client.ts';
import type { AuditEntry } from '../../api/audit.ts';
import { lastAsked } from '../last-asked.ts';
import { idToken } from '../session.ts';

/** The kinds of thing whose history an editor shows beside its form. */
export type HistoryEntity = 'course' | 'plan';

/** One course's or plan's history: its entries newest first (null until first read), whether a read is under way or failed. */
export interface HistoryState {
  entries: AuditEntry[] | null;
  loading: boolean;
  error: boolean;
}

/** The histories the page has read, by `entity:id`, so the course editor and each plan form show their own. */
export const $history = map<Record<string, HistoryState>>({});

export const historyKey = (entity: HistoryEntity, id: string) => `${entity}:${id}`;

const ask = lastAsked();

/** Reads (or reads again, after a change) the history of one course or plan from the audit trail; what was shown stays meanwhile. */
export async function loadHistory(entity: HistoryEntity, id: string): Promise<void> {
  const key = historyKey(entity, id);
  const latest = ask(key);
  const shown = $history.get()[key]?.entries ?? null;
  $history.setKey(key, { entries: shown, loading: true, error: false });
  try {
    const entries = await answer(client.audit.$get({ query: { entity, id } }, auth(await idToken())));
    if (latest()) $history.setKey(key, { entries, loading: false, error: false });
  } catch {
    if (latest()) $history.setKey(key, { entries: shown, loading: false, error: true });
  }
}
