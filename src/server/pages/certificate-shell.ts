import { DEFAULT_LOCALE, LOCALES } from '../../i18n/locales.ts';

const prefixes = LOCALES.filter((l) => l.code !== DEFAULT_LOCALE).map((l) => l.code.replace('-', '\\-'));
const ADDRESS = new RegExp(`^/(?:(${prefixes.join('|')})/)?certificates/[A-Za-z0-9_-]{1,64}/?(?:\\?.*)?$`);

/**
 * The prerendered verification page that answers a certificate's address (/certificates/{id}, in any locale), or null
 * for any other address. The page reads the id from the address it was opened at.
 */
export function certificateShell(url: string): string | null {
  const match = ADDRESS.exec(url);
  if (!match) return null;
  return match[1] ? `/${match[1]}/certificate/` : '/certificate/';
}
