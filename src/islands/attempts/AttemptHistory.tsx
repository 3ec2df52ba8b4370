import { useEffect, useState } from 'react';
import type { AttemptListItem } from '../../api/attempts.ts';
import { formatDateTime } from '../../domain/format.ts';
import { clockText } from '../../domain/time.ts';
import { loadAttempts } from '../../stores/attempts/attempts.ts';
import { openDebrief } from '../../stores/attempts/debrief.ts';
import { $session, startSession } from '../../stores/session.ts';
import AttemptDebrief from './AttemptDebrief.tsx';
import { caseLabel, type AttemptStrings } from './attempt-strings.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import FormError from '../ui/FormError.tsx';
import DataTable from '../ui/DataTable.tsx';
import FlagReasons from './FlagReasons.tsx';

interface Props {
  locale: string;
  /** Another user's attempts (admins); the signed-in user's own when absent. */
  userId?: string;
  strings: AttemptStrings;
}

/** Recent simulator attempts with the score and surgery time the server computed; a flagged one says why under its case. */
export default function AttemptHistory({ locale, userId, strings }: Props) {
  const session = useIslandStore($session);
  const [rows, setRows] = useState<AttemptListItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [caption, setCaption] = useState('');
  useEffect(startSession, []);
  const uid = session.firebaseUser?.uid;
  useEffect(() => {
    if (!uid) return;
    setFailed(false);
    loadAttempts(userId).then(setRows, () => setFailed(true));
  }, [uid, userId]);

  if (!uid) return null;
  /** The case as the course page names it: its title after its number, the course by its title (its id only once the course is gone). */
  const what = (a: AttemptListItem) => `${a.courseTitle} · ${caseLabel(strings, a.level, a.case)}${a.caseTitle ? `: ${a.caseTitle}` : ''}`;
  const describe = (a: AttemptListItem) => `${what(a)} · ${formatDateTime(locale, a.createdAt)}`;
  return (
    <section className="attempt-history" aria-labelledby="attempt-history-title">
      <h2 id="attempt-history-title">{strings['attempts.recent']}</h2>
      {failed && <FormError announce={false}>{strings['attempts.error']}</FormError>}
      {rows && rows.length === 0 && <p>{strings['attempts.none']}</p>}
      {rows && rows.length > 0 && (
        <DataTable
          columns={[strings['attempts.course'], strings['attempts.score'], strings['attempts.time'], strings['attempts.date'], strings['attempts.details']]}
        >
          {rows.map((a) => (
            <tr key={a.id}>
              <td>
                <bdi>{what(a)}</bdi>
                {a.flagged && (
                  <div className="attempt-flagged" data-flagged="true">
                    {strings['attempts.flaggedRow']}
                    <FlagReasons flags={a.flags} strings={strings} />
                  </div>
                )}
              </td>
              <td>{a.score}</td>
              <td>{clockText(a.surgeryTimeMs)}</td>
              <td>
                <time dateTime={a.createdAt}>{formatDateTime(locale, a.createdAt)}</time>
              </td>
              <td>
                <button
                  type="button"
                  className="button button-small button-ghost"
                  aria-label={fill(strings['attempts.debriefOf'], { attempt: describe(a) })}
                  onClick={() => {
                    setCaption(describe(a));
                    void openDebrief(a.id);
                  }}
                >
                  {strings['sim.debrief.title']}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <AttemptDebrief locale={locale} caption={caption} scoreLabel={strings['attempts.score']} timeLabel={strings['attempts.time']} strings={strings} />
    </section>
  );
}
