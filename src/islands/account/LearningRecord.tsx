import type { Locale } from '../../i18n/locales.ts';
import { useEffect, useState } from 'react';
import { directsAnyGroup } from '../../stores/groups/groups.ts';
import { $session } from '../../stores/session.ts';
import { $progressLines, loadProgressLines } from '../../stores/progress/progress.ts';
import CertificateLinks from '../certificates/CertificateLinks.tsx';
import ProgressLine from '../courses/ProgressLine.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import DataTable from '../ui/DataTable.tsx';

interface Props {
  locale: Locale;
  coursesPath: string;
  verifyPath: string;
  groupsPath: string;
  strings: Sections<'record' | 'progress.line' | 'cert'>;
}

/** My account's learning record: progress in every course played, certificates, and the groups the learner directs. */
export default function LearningRecord({ locale, coursesPath, verifyPath, groupsPath, strings }: Props) {
  const session = useIslandStore($session);
  const lines = useIslandStore($progressLines);
  const [directs, setDirects] = useState(false);
  const uid = session.firebaseUser?.uid;
  useEffect(() => {
    if (!uid) return;
    void loadProgressLines();
    void directsAnyGroup().then(setDirects);
  }, [uid]);

  if (!uid) return null;
  const played = (lines.value ?? []).filter((l) => l.attempts > 0 || l.certificate);
  return (
    <section className="learning-record" aria-labelledby="learning-record-title">
      <h2 id="learning-record-title">{strings['record.title']}</h2>
      {directs && (
        <p>
          <a href={groupsPath}>{strings['record.groups']}</a>
        </p>
      )}
      {lines.status === 'error' && <FormError>{strings['record.error']}</FormError>}
      {lines.status === 'loaded' && played.length === 0 && <p>{strings['record.none']}</p>}
      {played.length > 0 && (
        <DataTable className="record-table" columns={[strings['record.course'], strings['record.progress'], strings['record.certificate']]}>
          {played.map((line) => (
            <tr key={line.courseId} data-course={line.courseId}>
              <th scope="row">
                <a href={`${coursesPath}/${encodeURIComponent(line.courseId)}`}>{line.title}</a>
              </th>
              <td>
                <ProgressLine line={line} strings={strings} />
              </td>
              <td>
                {line.certificate ? (
                  <CertificateLinks certificate={line.certificate} locale={locale} verifyPath={verifyPath} strings={strings} />
                ) : (
                  <span className="muted">{strings['record.notYet']}</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
