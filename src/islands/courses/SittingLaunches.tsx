import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import type { SittingState } from '../../stores/assessments/windows.ts';
import FormError from '../ui/FormError.tsx';
import GrantLaunch from './GrantLaunch.tsx';
import SittingReview from './SittingReview.tsx';
import SittingTable from './SittingTable.tsx';
import { caseOf } from './sitting-text.ts';

interface Props {
  id: string;
  sitting: NonNullable<SittingState>;
  locale: string;
  strings: Sections<'assess' | 'sim.flag'>;
}

/** One sitting's record for its director: every launch with its fate (a flagged one with why), the launches granted, and a form to grant another. */
export default function SittingLaunches({ id, sitting, locale, strings }: Props) {
  const record = sitting.record;
  const caseTitle = (caseId: string) => {
    const l = record?.launches.find((x) => x.caseId === caseId);
    return l ? caseOf(strings, locale, l) : caseId;
  };
  return (
    <div className="sitting-launches" id={id} aria-busy={sitting.busy}>
      {sitting.failed && <FormError>{strings['assess.launchesError']}</FormError>}
      {record && record.launches.length === 0 && <p className="muted">{strings['assess.noLaunches']}</p>}
      {record && record.launches.length > 0 && <SittingTable launches={record.launches} locale={locale} strings={strings} />}
      {record && <SittingReview id={id} reviews={record.reviews} locale={locale} strings={strings} />}
      {record && record.grants.length > 0 && (
        <>
          <h3>{strings['assess.grants']}</h3>
          <ul className="sitting-grants">
            {record.grants.map((g) => (
              <li key={g.id}>{fill(strings['assess.grantLine'], { learner: isolate(g.learnerName), case: caseTitle(g.caseId), reason: isolate(g.reason) })}</li>
            ))}
          </ul>
        </>
      )}
      {record && <GrantLaunch id={id} launches={record.launches} busy={sitting.busy} locale={locale} strings={strings} />}
    </div>
  );
}
