import type { AttemptResult } from '../../api/attempts.ts';
import { componentRows } from '../../simulator/debrief-text.ts';
import { fill } from '../../i18n/fill.ts';
import DataTable from '../ui/DataTable.tsx';
import type { AttemptStrings } from './attempt-strings.ts';

interface Props {
  result: AttemptResult;
  locale: string;
  strings: AttemptStrings;
}

/** The score's components in a stored attempt's debrief: each one's value, its share of the score and what to improve. */
export default function DebriefComponents({ result, locale, strings }: Props) {
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, numberingSystem: 'latn' });
  const rows = componentRows(result.components, result.weights, result.metrics);
  // A task's weights add up to 100; shown as each component's share of the score.
  const total = rows.reduce((sum, row) => sum + row.weight, 0) || 1;
  if (rows.length === 0) return null;
  return (
    <DataTable
      scroll={false}
      className="debrief-components"
      caption={strings['sim.debrief.components']}
      columns={[strings['sim.debrief.component'], strings['sim.debrief.value'], strings['sim.debrief.weight'], strings['sim.debrief.advice']]}
    >
      {rows.map((row) => (
        <tr key={row.id} data-component={row.id}>
          <th scope="row">{strings[row.name]}</th>
          <td data-label={strings['sim.debrief.value']}>{percent.format(row.value)}</td>
          <td data-label={strings['sim.debrief.weight']}>{percent.format(row.weight / total)}</td>
          <td>{fill(strings[row.advice], row.adviceVars)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
