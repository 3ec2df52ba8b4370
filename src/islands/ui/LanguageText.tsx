import { use } from 'react';
import { EditingLanguage } from './LanguageTexts.tsx';
import FieldError from './FieldError.tsx';

interface Props {
  /** The control's id, which its label and its error name. */
  id?: string;
  name?: string;
  /** Shown above it, with its error below; without one (a row's title) the control stands alone, named by ariaLabel. */
  label?: string;
  ariaLabel?: string;
  value: string;
  /** The English text: the placeholder while another language is written. */
  english?: string;
  /** A text of several lines, in a box this many rows high; one line without. */
  rows?: number;
  maxLength?: number;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** One text in the language being edited (LanguageTexts): marked as that language, in its own direction. */
export default function LanguageText({ id, name, label, ariaLabel, value, english, rows, maxLength, error, onChange }: Props) {
  const lang = use(EditingLanguage);
  const errorId = error && id ? `${id}-error` : undefined;
  const control = {
    id,
    name,
    lang,
    dir: 'auto',
    value,
    maxLength,
    placeholder: lang === 'en' ? undefined : english,
    'aria-label': ariaLabel,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': errorId,
  };
  const input = rows ? (
    <textarea {...control} rows={rows} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <input type="text" {...control} onChange={(e) => onChange(e.target.value)} />
  );
  if (label === undefined) return input;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {input}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
