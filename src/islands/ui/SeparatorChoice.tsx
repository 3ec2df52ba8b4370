import { useId } from 'react';
import type { CsvSeparator } from '../../domain/csv-format.ts';

interface Props {
  value: CsvSeparator;
  onChange(separator: CsvSeparator): void;
  labels: { label: string; semicolon: string; comma: string };
}

/** The separator of a CSV export, offered beside its button: the reader's spreadsheet's own is chosen first. */
export default function SeparatorChoice({ value, onChange, labels }: Props) {
  const id = useId();
  return (
    <span className="separator-choice">
      <label htmlFor={id}>{labels.label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value === 'semicolon' ? 'semicolon' : 'comma')}>
        <option value="semicolon">{labels.semicolon}</option>
        <option value="comma">{labels.comma}</option>
      </select>
    </span>
  );
}
