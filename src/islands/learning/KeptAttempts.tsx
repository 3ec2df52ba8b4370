import { useEffect } from 'react';
import { formatDateTime } from '../../domain/format.ts';
import type { Sections } from '../../i18n/index.ts';
import { fill } from '../../i18n/fill.ts';
import type { ErrorKey } from '../../stores/error-messages.ts';
import { $kept, removeKept, retryKept, watchKeptAttempts, type KeptLine } from '../../stores/attempts/kept-attempts.ts';
import { $learning } from '../../stores/learning/learning.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';

type Strings = Sections<'kept'>;

/** Why the server refused an attempt for good; the others never end as a refusal (the attempt waits for another try). */
const REFUSED = {
  expired: 'kept.refused.expired',
  refused: 'kept.refused.refused',
  used: 'kept.refused.used',
  failed: 'kept.refused.failed',
  signedOut: 'kept.waiting',
  capped: 'kept.waiting',
  limited: 'kept.waiting',
} as const satisfies Record<ErrorKey<'attempt'>, keyof Strings>;

interface Props {
  locale: string;
  strings: Strings;
}

function stateText(line: KeptLine, strings: Strings): string {
  if (line.state === 'sending') return strings['kept.sending'];
  if (line.state === 'sent') return fill(strings['kept.sent'], { score: line.score ?? 0 });
  if (line.state === 'refused') return strings[REFUSED[line.reason ?? 'failed']];
  return strings['kept.waiting'];
}

/**
 * On My learning, the attempts this browser played that are not in the record yet: each says where its sending stands
 * ("saved on this device, sending…", sent, or why the server refused it for good, with Try again and Remove).
 * Opening the page sends them (kept-attempts.ts); shown whether or not the learner's courses could be read.
 */
export default function KeptAttempts({ locale, strings }: Props) {
  const lines = useIslandStore($kept);
  const learning = useIslandStore($learning).value;
  useEffect(watchKeptAttempts, []);
  if (!lines || lines.length === 0) return null;
  // A course's title where My learning has read it, else its id.
  const titles = new Map((learning?.courses ?? []).map((c) => [c.courseId, c.title]));
  return (
    <section aria-labelledby="kept-title" className="kept-attempts">
      <h2 id="kept-title">{strings['kept.title']}</h2>
      {lines.some((line) => line.state !== 'sent') && <p>{strings['kept.intro']}</p>}
      <ul>
        {lines.map((line) => (
          <li key={line.token} data-state={line.state}>
            <p>
              <bdi>{titles.get(line.course) ?? line.course}</bdi> · {fill(strings['kept.case'], { level: line.level, case: line.caseIndex })} ·{' '}
              {fill(strings['kept.played'], { date: formatDateTime(locale, new Date(line.finishedAt)) })}
            </p>
            <p role="status">{stateText(line, strings)}</p>
            {line.state === 'refused' && (
              <p className="kept-actions">
                <button type="button" className="button button-small" onClick={() => void retryKept(line.token)}>
                  {strings['kept.retry']}
                </button>
                <button type="button" className="button button-small button-ghost" onClick={() => void removeKept(line.token)}>
                  {strings['kept.remove']}
                </button>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
