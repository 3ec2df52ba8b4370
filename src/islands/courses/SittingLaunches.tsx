import { useState } from 'react';
import { formatDateTime } from '../../domain/format.ts';
import type { LearnerReview, SittingLaunch } from '../../api/assessments.ts';
import { isolate } from '../../domain/text.ts';
import FlagReasons from '../attempts/FlagReasons.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import { grantLaunch, type SittingState } from '../../stores/assessments/windows.ts';
import Field from '../ui/Field.tsx';
import FormError from '../ui/FormError.tsx';

interface Props {
  id: string;
  sitting: NonNullable<SittingState>;
  locale: string;
  strings: Sections<'assess' | 'sim.flag'>;
}

/** What became of a launch, in the director's words. */
const FATE = {
  pending: 'assess.fate.pending',
  sent: 'assess.fate.sent',
  abandoned: 'assess.fate.abandoned',
  expired: 'assess.fate.expired',
  flagged: 'assess.fate.flagged',
} as const satisfies Record<SittingLaunch['fate'], string>;

/** One sitting's record for its director: every launch with its fate (a flagged one with why), the launches granted, and a form to grant another. */
export default function SittingLaunches({ id, sitting, locale, strings }: Props) {
  const [pick, setPick] = useState('');
  const [reason, setReason] = useState('');
  const record = sitting.record;
  const number = (n: number) => n.toLocaleString(locale);
  const caseOf = (l: { level: number; case: number }) => fill(strings['assess.caseOf'], { module: number(l.level), case: number(l.case) });
  // Another launch is granted for a learner and case launched already: one pair per option.
  const pairs = record ? [...new Map(record.launches.map((l) => [`${l.userId} ${l.caseId}`, l])).values()] : [];
  const chosen = pairs.find((l) => `${l.userId} ${l.caseId}` === pick) ?? pairs[0];
  const reviewText = (f: LearnerReview['flags'][number], learner: string) =>
    f.kind === 'jump'
      ? fill(strings['assess.review.jump'], { learner: isolate(learner), from: number(f.from), to: number(f.to) })
      : fill(strings[f.kind === 'sameTiming' ? 'assess.review.sameTiming' : 'assess.review.regular'], {
          learner: isolate(learner),
          count: f.count,
          seconds: number(f.seconds),
        });
  const caseTitle = (caseId: string) => {
    const l = record?.launches.find((x) => x.caseId === caseId);
    return l ? caseOf(l) : caseId;
  };
  return (
    <div className="sitting-launches" id={id} aria-busy={sitting.busy}>
      {sitting.failed && <FormError>{strings['assess.launchesError']}</FormError>}
      {record && record.launches.length === 0 && <p className="muted">{strings['assess.noLaunches']}</p>}
      {record && record.launches.length > 0 && (
        // Scrolls on its own on a narrow screen and holds nothing focusable: focusable itself, so the keyboard can
        // scroll it too (axe's scrollable-region-focusable), which the lint rule does not know of.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="sitting-table" role="region" aria-label={strings['assess.launches']} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{strings['assess.launches']}</caption>
            <thead>
              <tr>
                <th scope="col">{strings['assess.col.learner']}</th>
                <th scope="col">{strings['assess.col.case']}</th>
                <th scope="col">{strings['assess.col.launched']}</th>
                <th scope="col">{strings['assess.col.fate']}</th>
                <th scope="col">{strings['assess.col.score']}</th>
              </tr>
            </thead>
            <tbody>
              {record.launches.map((l) => (
                <tr key={l.id} data-fate={l.fate}>
                  <td>
                    <bdi>{l.learnerName}</bdi>
                  </td>
                  <td>{caseOf(l)}</td>
                  <td>
                    <time dateTime={l.launchedAt}>{formatDateTime(locale, l.launchedAt)}</time>
                  </td>
                  <td>
                    {strings[FATE[l.fate]]}
                    <FlagReasons flags={l.flags} strings={strings} className="sitting-flags" />
                  </td>
                  <td>{l.score === null ? '' : number(l.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {record && (
        <section className="sitting-review" aria-labelledby={`${id}-review`}>
          <h3 id={`${id}-review`}>{strings['assess.review.title']}</h3>
          <p className="muted">{strings['assess.review.intro']}</p>
          {record.reviews.length === 0 ? (
            <p>{strings['assess.review.none']}</p>
          ) : (
            <ul>
              {record.reviews.flatMap((r) =>
                r.flags.map((f) => (
                  <li key={`${r.userId} ${f.kind}`} data-review={f.kind}>
                    {reviewText(f, r.learnerName)}
                  </li>
                )),
              )}
            </ul>
          )}
        </section>
      )}
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
      {chosen && (
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
                  {`${isolate(l.learnerName)}, ${caseOf(l)}`}
                </option>
              ))}
            </select>
          </div>
          <Field
            name={`${id}-reason`}
            label={strings['assess.grantReason']}
            value={reason}
            maxLength={500}
            required
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" className="button button-small" disabled={sitting.busy}>
            {strings['assess.grant']}
          </button>
        </form>
      )}
    </div>
  );
}
