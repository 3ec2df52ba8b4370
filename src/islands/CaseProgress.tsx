import { useEffect, useState } from 'react';
import type { CaseProgress as Progress } from '../api/schemas.ts';
import { loadCaseProgress } from '../stores/attempts.ts';
import { $session, startSession } from '../stores/session.ts';
import { caseLabel, type AttemptStrings } from './attempt-keys.ts';
import { useIslandStore } from './useIslandStore.ts';

interface Props {
  courseId: string;
  strings: AttemptStrings;
}

/** On a course page: the signed-in learner's best score and number of attempts for each case played. */
export default function CaseProgress({ courseId, strings }: Props) {
  const session = useIslandStore($session);
  const [rows, setRows] = useState<Progress[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(startSession, []);
  const uid = session.firebaseUser?.uid;
  useEffect(() => {
    if (!uid) return;
    loadCaseProgress(courseId).then(setRows, () => setFailed(true));
  }, [uid, courseId]);

  if (!uid) return null;
  if (failed) return <p className="form-error">{strings['attempts.error']}</p>;
  if (!rows || rows.length === 0) return null;
  return (
    <section className="case-progress" aria-labelledby="case-progress-title">
      <h2 id="case-progress-title">{strings['attempts.progress']}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{strings['attempts.course']}</th>
            <th scope="col">{strings['attempts.best']}</th>
            <th scope="col">{strings['attempts.count']}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.level}-${r.case}`} data-level={r.level} data-case={r.case}>
              <th scope="row">{caseLabel(strings, r.level, r.case)}</th>
              <td>{r.bestScore}</td>
              <td>{r.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
