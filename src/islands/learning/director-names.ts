import type { MyGroups } from '../../api/memberships.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';

/** A group's directors named in a list as the locale writes one ("Ana, Bo and Cy"), or that it has none. */
export const directorNames = (directors: MyGroups['groups'][number]['directors'], locale: string, strings: Sections<'learning'>) =>
  directors.length ? new Intl.ListFormat(locale).format(directors.map((d) => isolate(d.name || d.email))) : strings['learning.noDirector'];
