import { useEffect } from 'react';
import type { AuditEntry } from '../../api/audit.ts';
import { formatDateTime } from '../../domain/format.ts';
import { fill } from '../../i18n/fill.ts';
import { isolate } from '../../domain/text.ts';
import { $history, historyKey, loadHistory, type HistoryEntity } from '../../stores/audit/history.ts';
import FormError from './FormError.tsx';
import { historyArrow, historyLine, type HistoryStrings } from './history-lines.ts';
import { useIslandStore } from './useIslandStore.ts';

interface Props {
  entity: HistoryEntity;
  id: string;
  /** Changes whenever the thing may have a new entry (published, saved), so the history is read again. */
  version?: string;
  locale: string;
  strings: HistoryStrings;
  /** Course titles by id, for a plan's courses. */
  names?: Record<string, string>;
  heading: 'h2' | 'h3';
}

const ACTIONS: Record<string, keyof HistoryStrings> = {
  create: 'history.action.create',
  update: 'history.action.update',
  publish: 'history.action.publish',
  archive: 'history.action.archive',
  delete: 'history.action.delete',
  discard: 'history.action.discard',
};
/** A removal's entry says what happened; listing every field going would say nothing more. */
const REMOVALS = new Set(['archive', 'delete', 'discard']);

function Entry({ entry, locale, strings, names }: { entry: AuditEntry; locale: string; strings: HistoryStrings; names: Record<string, string> }) {
  const arrow = historyArrow(locale);
  const lines = REMOVALS.has(entry.action) ? [] : entry.changes.map((c) => historyLine(c, { locale, strings, names, arrow })).filter(Boolean);
  const action = ACTIONS[entry.action];
  return (
    <li>
      <p className="history-meta">
        {action && <strong>{strings[action]}</strong>} · <time dateTime={entry.at}>{formatDateTime(locale, new Date(entry.at))}</time> ·{' '}
        {fill(strings['history.by'], { who: entry.actorEmail ? isolate(entry.actorEmail) : strings['history.formerAccount'] })}
      </p>
      {lines.length > 0 && (
        <ul>
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {lines.length === 0 && !REMOVALS.has(entry.action) && <p>{strings['history.noChange']}</p>}
    </li>
  );
}

/** Who changed a course or a plan, when, and what (old → new), newest first, read from the audit trail. */
export default function HistoryPanel({ entity, id, version, locale, strings, names = {}, heading: Heading }: Props) {
  const state = useIslandStore($history)[historyKey(entity, id)];
  useEffect(() => void loadHistory(entity, id), [entity, id, version]);
  const headingId = `history-${entity}-${id}`;
  const entries = state?.entries ?? null;
  return (
    <section className="history-panel" aria-labelledby={headingId} aria-busy={state?.loading !== false}>
      <Heading id={headingId}>{strings['history.heading']}</Heading>
      {state?.error && (
        <FormError announce={false}>
          {strings['history.error']}{' '}
          <button type="button" className="button button-small button-ghost" onClick={() => void loadHistory(entity, id)}>
            {strings['history.retry']}
          </button>
        </FormError>
      )}
      {entries === null && !state?.error && <p role="status">{strings['history.loading']}</p>}
      {entries?.length === 0 && <p>{strings['history.none']}</p>}
      {entries && entries.length > 0 && (
        <ol className="history">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} locale={locale} strings={strings} names={names} />
          ))}
        </ol>
      )}
    </section>
  );
}
