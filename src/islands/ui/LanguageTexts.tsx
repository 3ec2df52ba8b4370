import { createContext, type ReactNode } from 'react';
import { CONTENT_LOCALES, type ContentLocale } from '../../domain/localize.ts';
import { fill } from '../../i18n/fill.ts';
import { LOCALES } from '../../i18n/locales.ts';

/** The language the texts under the picker are written in, for each LanguageText among them. */
export const EditingLanguage = createContext<ContentLocale>('en');

interface Props {
  /** The picker's id; its summary's is `${id}-summary`. */
  id: string;
  lang: ContentLocale;
  onLang: (lang: ContentLocale) => void;
  /** Languages with a text missing: marked in the list and named below it. */
  missing: readonly ContentLocale[];
  strings: {
    label: string;
    missingMark: string;
    /** "Texts missing in: {{locales}}…", shown while a language lacks some. */
    missingText: string;
    allTranslated: string;
  };
  /** The form under the picker, whose LanguageText fields are written in the chosen language. */
  children: ReactNode;
}

const labelOf = (code: ContentLocale) => LOCALES.find((l) => l.code === code)?.label ?? code;

/**
 * Seven-language editing, one for the course editor and the plan form: the language the texts are being written in,
 * with the languages that still lack some, and under it the form, whose texts follow the chosen language.
 */
export default function LanguageTexts({ id, lang, onLang, missing, strings, children }: Props) {
  const summary = missing.length ? fill(strings.missingText, { locales: missing.map(labelOf).join(', ') }) : strings.allTranslated;
  return (
    <EditingLanguage value={lang}>
      <div className="field locale-picker">
        <label htmlFor={id}>{strings.label}</label>
        <select id={id} value={lang} onChange={(e) => onLang(e.target.value as ContentLocale)} aria-describedby={`${id}-summary`}>
          {CONTENT_LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {labelOf(code)}
              {missing.includes(code) ? ` (${strings.missingMark})` : ''}
            </option>
          ))}
        </select>
        <p id={`${id}-summary`} className={missing.length ? 'locale-missing' : 'muted'}>
          {summary}
        </p>
      </div>
      {children}
    </EditingLanguage>
  );
}
