/**
 * A count's form: `{{n|one:# case|other:# cases}}` is replaced by the form the language's plural rules
 * (Intl.PluralRules) choose for the value of `n`, `#` standing for the number. Each language writes the forms it has
 * (Arabic zero, one, two, few, many, other; Russian one, few, many, other; Chinese other alone); a form the rules ask
 * for and the string lacks falls back to `other`. `@ar` among the forms names the language whose rules apply:
 * `sections` and `useT` add it, so an island fills its strings by the page's language without being told.
 */
const PLURAL = /\{\{(\w+)((?:\|[^|{}]*)+)\}\}/g;

/** The plural blocks of `text` marked with the language whose rules choose their forms. */
export function inLanguage(locale: string, text: string): string {
  return text.replace(PLURAL, (whole, name: string, forms: string) => (forms.includes('|@') ? whole : `{{${name}|@${locale}${forms}}}`));
}

/** The forms of one plural block by category, and the language it names (English when it names none). */
export function pluralForms(forms: string): { locale: string; forms: Map<string, string> } {
  let locale = 'en';
  const byCategory = new Map<string, string>();
  for (const part of forms.split('|').slice(1)) {
    if (part.startsWith('@')) locale = part.slice(1);
    else {
      const colon = part.indexOf(':');
      if (colon > 0) byCategory.set(part.slice(0, colon), part.slice(colon + 1));
    }
  }
  return { locale, forms: byCategory };
}

function plural(forms: string, value: string | number): string {
  const count = Number(value);
  const { locale, forms: byCategory } = pluralForms(forms);
  const form = byCategory.get(new Intl.PluralRules(locale).select(count)) ?? byCategory.get('other') ?? '#';
  return form.replaceAll('#', new Intl.NumberFormat(locale).format(count));
}

/**
 * Fills the `{{name}}` placeholders of a translated string, the style i18next reads on the server, so islands and
 * pages fill the same dictionaries the same way, and chooses the form of each count (`{{n|one:…|other:…}}`). A
 * placeholder given no value stays as it is, where it shows.
 */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text
    .replace(PLURAL, (whole, name: string, forms: string) => (name in vars && Number.isFinite(Number(vars[name])) ? plural(forms, vars[name]!) : whole))
    .replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
