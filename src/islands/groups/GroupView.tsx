import { useEffect, useState } from 'react';
import { $group, exportGroup, openGroup } from '../../stores/groups/groups.ts';
import GroupAssignments from './GroupAssignments.tsx';
import GroupPeople from './GroupPeople.tsx';
import GroupProgressRow from './GroupProgressRow.tsx';
import { refusalKey } from './refusals.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import DataTable from '../ui/DataTable.tsx';
import SeparatorChoice from '../ui/SeparatorChoice.tsx';
import { csvSeparatorFor, type CsvSeparator } from '../../domain/csv-format.ts';

interface Props {
  locale: string;
  verifyPath: string;
  groupId: string;
  isAdmin: boolean;
  strings: Sections<'groups' | 'progress.line' | 'record' | 'cert'>;
}

/** One group: each member's share of the group's courses, certificates, the CSV export; directors invite members, admins manage its people. */
export default function GroupView({ locale, verifyPath, groupId, isAdmin, strings }: Props) {
  const state = useIslandStore($group);
  const [exporting, setExporting] = useState(false);
  const [separator, setSeparator] = useState<CsvSeparator>(() => csvSeparatorFor(locale));
  useEffect(() => void openGroup(groupId), [groupId]);

  const back = (
    <p>
      <a href="?">{strings['groups.all']}</a>
    </p>
  );
  const refusal = refusalKey(state.error);
  if (refusal) {
    return (
      <div className="groups">
        <FormError>{strings[refusal]}</FormError>
        {back}
      </div>
    );
  }
  const { detail, progress } = state;
  if (!detail || !progress) {
    return state.error ? <FormError>{strings['groups.error']}</FormError> : <p className="muted">{strings['groups.loading']}</p>;
  }
  async function download() {
    setExporting(true);
    await exportGroup(separator);
    setExporting(false);
  }
  return (
    <div className="groups">
      {back}
      <h2>
        <bdi>{detail.name}</bdi>
      </h2>
      <p className="muted">{fill(strings['groups.count'], { members: detail.members, directors: detail.directors })}</p>
      <div className="group-toolbar">
        <button type="button" className="button" disabled={exporting} onClick={() => void download()}>
          {strings['groups.export']}
        </button>
        <SeparatorChoice
          value={separator}
          onChange={setSeparator}
          labels={{ label: strings['groups.separator'], semicolon: strings['groups.separator.semicolon'], comma: strings['groups.separator.comma'] }}
        />
      </div>
      <section aria-labelledby="group-progress-title">
        <h3 id="group-progress-title">{strings['groups.progress']}</h3>
        {progress.members.length === 0 ? <p>{strings['groups.noMembers']}</p> : progress.courses.length === 0 ? <p>{strings['groups.noCourses']}</p> : null}
        {progress.members.length > 0 && (
          <DataTable className="group-progress" columns={[strings['groups.member'], ...progress.courses.map((c) => <bdi key={c.id}>{c.title}</bdi>)]}>
            {progress.members.map((m) => (
              <GroupProgressRow key={m.userId} groupId={groupId} member={m} courses={progress.courses} verifyPath={verifyPath} strings={strings} />
            ))}
          </DataTable>
        )}
      </section>
      <GroupAssignments locale={locale} groupId={groupId} strings={strings} />
      <GroupPeople detail={detail} isAdmin={isAdmin} strings={strings} />
    </div>
  );
}
