import type { AuditChange } from '../../api/audit.ts';
import { formatLength, formatMonths, formatPrice } from '../../domain/format.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import { dirOf, isLocale } from '../../i18n/locales.ts';

/** Turns one audit change of a course or a plan into a sentence an administrator reads, in their language. */

export type HistoryStrings = Sections<'history'>;

/** The arrow of "from → to", pointing the way `locale` reads. */
export const historyArrow = (locale: string) => (isLocale(locale) && dirOf(locale) === 'rtl' ? '←' : '→');

interface Context {
  locale: string;
  strings: HistoryStrings;
  /** Titles of the courses a plan may name, by id; an id missing (a course deleted since) shows as it is. */
  names: Record<string, string>;
  /** "from → to" pointing the way the language reads. */
  arrow: string;
}

const LABELS: Record<string, keyof HistoryStrings> = {
  title: 'history.field.title',
  subtitle: 'history.field.subtitle',
  description: 'history.field.description',
  thumbnail: 'history.field.thumbnail',
  price: 'history.field.price',
  duration: 'history.field.duration',
  durationMinutes: 'history.field.durationMinutes',
  visibility: 'history.field.visibility',
  courses: 'history.field.courses',
  outcomes: 'history.field.outcomes',
  levels: 'history.field.levels',
  proficiencyOrder: 'history.field.proficiencyOrder',
  assessmentRequired: 'history.field.assessmentRequired',
};

const LONGEST = 120;
// A stored text is isolated (FSI … PDI), so its own direction cannot reorder the sentence around it.
const shown = (text: string) => isolate(text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text);
const label = (field: string, { strings }: Context) => (LABELS[field] ? strings[LABELS[field]] : field);
const joined = (items: string[]) => items.map(shown).join(', ');

function value(field: string, v: unknown, { locale, strings }: Context): string {
  if (v === undefined || v === null || v === '') return strings['history.empty'];
  if (typeof v === 'boolean') return strings[v ? 'history.yes' : 'history.no'];
  if (typeof v === 'number' && field === 'price') return formatPrice(locale, v);
  if (typeof v === 'number' && field === 'duration') return formatMonths(locale, v);
  if (typeof v === 'number' && field === 'durationMinutes') return formatLength(locale, v);
  return shown(typeof v === 'string' ? v : JSON.stringify(v));
}

function languages(locales: string[], locale: string): string {
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  return locales.map((l) => names.of(l) ?? l).join(', ');
}

function moduleLine(change: Extract<AuditChange, { kind: 'module' }>, ctx: Context): string {
  const { strings } = ctx;
  if (change.change === 'removed') return fill(strings['history.module.removed'], { title: shown(change.title) });
  if (change.change === 'added') {
    const added = fill(strings['history.module.added'], { title: shown(change.title) });
    return change.casesAdded.length ? `${added}: ${fill(strings['history.cases.added'], { items: joined(change.casesAdded) })}` : added;
  }
  const cases = change.casesChanged.map((c) =>
    c.from === undefined ? shown(c.title) : fill(strings['history.case.renamed'], { title: shown(c.title), from: shown(c.from) }),
  );
  const parts = [
    ...(change.from !== undefined ? [fill(strings['history.module.renamed'], { from: shown(change.from) })] : []),
    ...(change.active === undefined ? [] : [strings[change.active ? 'history.module.shown' : 'history.module.hidden']]),
    ...(change.casesAdded.length ? [fill(strings['history.cases.added'], { items: joined(change.casesAdded) })] : []),
    ...(change.casesRemoved.length ? [fill(strings['history.cases.removed'], { items: joined(change.casesRemoved) })] : []),
    ...(cases.length ? [fill(strings['history.cases.changed'], { items: cases.join(', ') })] : []),
    ...(change.casesMoved ? [strings['history.cases.moved']] : []),
  ];
  return `${fill(strings['history.module.changed'], { title: shown(change.title) })}: ${(parts.length ? parts : [strings['history.module.edited']]).join('; ')}`;
}

/** The sentence for one change: "Price: US$499.00 → US$399.00", "Module added: Twin anemia: cases added: TAPS stage 2". */
export function historyLine(change: AuditChange, ctx: Context): string {
  const { strings } = ctx;
  switch (change.kind) {
    case 'field':
      if (change.field === 'thumbnail') return fill(strings['history.changed'], { field: label(change.field, ctx) });
      return `${label(change.field, ctx)}: ${value(change.field, change.from, ctx)} ${ctx.arrow} ${value(change.field, change.to, ctx)}`;
    case 'list': {
      const items = (ids: string[]) => joined(change.field === 'courses' ? ids.map((id) => ctx.names[id] ?? id) : ids);
      const field = label(change.field, ctx);
      return [
        ...(change.added.length ? [fill(strings['history.list.added'], { field, items: items(change.added) })] : []),
        ...(change.removed.length ? [fill(strings['history.list.removed'], { field, items: items(change.removed) })] : []),
      ].join('; ');
    }
    case 'translations':
      return fill(strings['history.translations'], { languages: languages(change.locales, ctx.locale) });
    case 'order':
      return fill(strings['history.order'], { field: label(change.field, ctx) });
    case 'module':
      return moduleLine(change, ctx);
    case 'subscription':
      return fill(strings['history.changed'], { field: change.subscription.plan_name });
  }
}
