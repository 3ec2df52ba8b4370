import { useEffect } from 'react';
import { formatDateTime } from '../../domain/format.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import { $mySittings, loadMySittings } from '../../stores/assessments/my-sittings.ts';
import { $session } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';

interface Props {
  courseId: string;
  locale: string;
  strings: Sections<'sittings'>;
}

/** On the page of a course requiring assessment, for a learner: their sittings to come or open, in their own time zone. */
export default function MySittings({ courseId, locale, strings }: Props) {
  const sittings = useIslandStore($mySittings);
  const session = useIslandStore($session);
  useSessionWhenIdle();
  const uid = session.firebaseUser?.uid;
  useEffect(() => {
    if (!session.loading && uid) void loadMySittings(courseId);
  }, [session.loading, uid, courseId]);
  if (sittings.length === 0) return null;
  return (
    <section className="my-sittings" aria-labelledby="my-sittings-title">
      <h2 id="my-sittings-title">{strings['sittings.title']}</h2>
      <p className="muted">{strings['sittings.hint']}</p>
      <ul>
        {sittings.map((s) => (
          <li key={s.id} data-state={s.state}>
            {s.state === 'scheduled'
              ? fill(strings['sittings.scheduled'], { time: formatDateTime(locale, s.startsAt), name: isolate(s.openedByName) })
              : fill(strings['sittings.open'], { time: formatDateTime(locale, s.expiresAt), name: isolate(s.openedByName) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
