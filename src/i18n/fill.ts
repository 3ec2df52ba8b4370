/**
 * Fills the `{{name}}` placeholders of a translated string, the style i18next reads on the server, so islands and
 * pages fill the same dictionaries the same way. A placeholder given no value stays as it is, where it shows.
 */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
