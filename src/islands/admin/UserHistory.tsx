import type { AuditChange, AuditEntry } from '../../api/audit.ts';
import type { Plan } from '../../api/pricing.ts';
import { formatDateTime } from '../../domain/format.ts';
import { isContentLocale, subscriptionTitle } from '../../domain/localize.ts';
import { isolate } from '../../domain/text.ts';
import { historyArrow } from '../ui/history-lines.ts';
import type { AdminUsersState } from '../../stores/users/admin-users.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

type Strings = Sections<'adminUsers'>;

interface Props {
  locale: string;
  state: AdminUsersState;
  strings: Strings;
}

const FIELD_LABELS: Record<string, keyof Strings> = {
  isAdmin: 'adminUsers.access.admin',
  isPremium: 'adminUsers.access.premium',
  isExpert: 'adminUsers.access.expert',
  email: 'adminUsers.user.email',
  name: 'adminUsers.user.name',
  contact: 'adminUsers.user.contact',
};

const SUB_LABELS = {
  added: 'adminUsers.history.added',
  removed: 'adminUsers.history.removed',
  changed: 'adminUsers.history.changed',
} as const;

/** What a user's entry can hold: their profile's fields and their subscriptions. */
type UserChange = Extract<AuditChange, { kind: 'field' | 'subscription' }>;

function describe(change: UserChange, strings: Strings, plans: Plan[] | null, locale: string, arrow: string): string {
  // A stored value is isolated (FSI … PDI), so its own direction cannot reorder the sentence around it.
  const value = (v: unknown) => (typeof v === 'boolean' ? strings[v ? 'adminUsers.yes' : 'adminUsers.no'] : v === undefined ? '—' : isolate(String(v)));
  if (change.kind === 'field') {
    const label = FIELD_LABELS[change.field];
    return `${label ? strings[label] : change.field}: ${value(change.from)} ${arrow} ${value(change.to)}`;
  }
  return `${strings[SUB_LABELS[change.change]]}: ${value(subscriptionTitle(change.subscription, plans ?? [], isContentLocale(locale) ? locale : 'en'))}`;
}

function Entry({ entry, locale, strings, plans }: { entry: AuditEntry; locale: string; strings: Strings; plans: Plan[] | null }) {
  const changes = entry.changes.filter((c): c is UserChange => c.kind === 'field' || c.kind === 'subscription');
  const arrow = historyArrow(locale);
  return (
    <li>
      <p className="history-meta">
        <time dateTime={entry.at}>{formatDateTime(locale, new Date(entry.at))}</time> ·{' '}
        {fill(strings['adminUsers.history.by'], { who: isolate(entry.actorEmail || entry.actor) })}
      </p>
      {changes.length === 0 ? (
        <p>{strings['adminUsers.history.noChange']}</p>
      ) : (
        <ul>
          {changes.map((c, i) => (
            <li key={i}>{describe(c, strings, plans, locale, arrow)}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The user's admin changes from the audit trail, newest first: who, when, what changed. */
export default function UserHistory({ locale, state, strings }: Props) {
  return (
    <section className="user-history" aria-labelledby="history-heading" aria-busy={state.history === null && !state.historyError}>
      <h2 id="history-heading">{strings['adminUsers.history.heading']}</h2>
      {state.historyError && <FormError>{strings['adminUsers.history.error']}</FormError>}
      {state.history === null && !state.historyError && <p role="status">{strings['adminUsers.history.loading']}</p>}
      {state.history?.length === 0 && <p>{strings['adminUsers.history.none']}</p>}
      {state.history && state.history.length > 0 && (
        <ol className="history">
          {state.history.map((entry) => (
            <Entry key={entry.id} entry={entry} locale={locale} strings={strings} plans={state.plans} />
          ))}
        </ol>
      )}
    </section>
  );
}
