import { useState } from 'react';
import type { SittingLaunch } from '../../api/assessments.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';
import { grantLaunch } from '../../stores/assessments/windows.ts';
import Field from '../ui/Field.tsx';
import { caseOf } from './sitting-text.ts';

interface Props {
  id: string;
  launches: SittingLaunch[];
  busy: boolean;
  locale: string;
  strings: Sections<'assess'>;
}

/** The form that grants another launch, with a reason, for a learner and case launched already in this sitting. */
export default function GrantLaunch({ id, launches, busy, locale, strings }: Props) {
  const [pick, setPick] = useState('');
  const [reason, setReason] = useState('');
  // One pair of learner and case per option.
  const pairs = [...new Map(launches.map((l) => [`${l.userId} ${l.caseId}`, l])).values()];
  const chosen = pairs.find((l) => `${l.userId} ${l.caseId}` === pick) ?? pairs[0];
  if (!chosen) return null;
  return (
    <form
      className="sitting-grant"
      onSubmit={(e) => {
        e.preventDefault();
        void grantLaunch(chosen.userId, chosen.caseId, reason).then((ok) => ok && setReason(''));
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-pair`}>{strings['assess.grantFor']}</label>
        <select id={`${id}-pair`} value={`${chosen.userId} ${chosen.caseId}`} onChange={(e) => setPick(e.target.value)}>
          {pairs.map((l) => (
            <option key={`${l.userId} ${l.caseId}`} value={`${l.userId} ${l.caseId}`}>
              {`${isolate(l.learnerName)}, ${caseOf(strings, locale, l)}`}
            </option>
          ))}
        </select>
      </div>
      <Field name={`${id}-reason`} label={strings['assess.grantReason']} value={reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
      <button type="submit" className="button button-small" disabled={busy}>
        {strings['assess.grant']}
      </button>
    </form>
  );
}
