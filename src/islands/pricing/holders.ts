import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

/** "N people hold this plan now", with the count in the page's language, as the delete and edit forms both say it. */
export function holdersText(strings: Sections<'pricing'>, locale: string | undefined, count: number): string {
  return fill(strings['pricing.subscribers.count'], { count: new Intl.NumberFormat(locale).format(count) });
}
