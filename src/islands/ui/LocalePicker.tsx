import { CONTENT_LOCALES, type ContentLocale } from '../../domain/localize.ts';
import { LOCALES } from '../../i18n/locales.ts';

interface Props {
  id: string;
  value: ContentLocale;
  onChange: (locale: ContentLocale) => void;
  /** Languages with a text missing: marked in the list and named below it. */
  missing: readonly ContentLocale[];
  label: string;
  missingMark: string;
  /** "Texts missing in: {locales}…", or the all-written note when nothing is missing. */
  summary: string;
}

const labelOf = (code: ContentLocale) => LOCALES.find((l) => l.code === code)?.label ?? code;

/** Which language an editor's texts are being written in, with the languages that still lack some. */
export default function LocalePicker({ id, value, onChange, missing, label, missingMark, summary }: Props) {
  return (
    <div className="field locale-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as ContentLocale)} aria-describedby={`${id}-summary`}>
        {CONTENT_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {labelOf(code)}
            {missing.includes(code) ? ` (${missingMark})` : ''}
          </option>
        ))}
      </select>
      <p id={`${id}-summary`} className={missing.length ? 'locale-missing' : 'muted'}>
        {summary}
      </p>
    </div>
  );
}

/** The native names of `locales`, for the missing-texts summary. */
export const localeNames = (locales: readonly ContentLocale[]) => locales.map(labelOf).join(', ');
