import { formatDateTime } from '../../domain/format.ts';
import type { SittingLaunch } from '../../api/assessments.ts';
import FlagReasons from '../attempts/FlagReasons.tsx';
import type { Sections } from '../../i18n/index.ts';
import { caseOf } from './sitting-text.ts';

interface Props {
  launches: SittingLaunch[];
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

/** A sitting's launches: who, which case, when, with what fate (a flagged one with why) and score. */
export default function SittingTable({ launches, locale, strings }: Props) {
  return (
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
          {launches.map((l) => (
            <tr key={l.id} data-fate={l.fate}>
              <td>
                <bdi>{l.learnerName}</bdi>
              </td>
              <td>{caseOf(strings, locale, l)}</td>
              <td>
                <time dateTime={l.launchedAt}>{formatDateTime(locale, l.launchedAt)}</time>
              </td>
              <td>
                {strings[FATE[l.fate]]}
                <FlagReasons flags={l.flags} strings={strings} className="sitting-flags" />
              </td>
              <td>{l.score === null ? '' : l.score.toLocaleString(locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
