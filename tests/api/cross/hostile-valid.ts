import fc from 'fast-check';
import { example, INVISIBLE, polluted, withKey, type Rule } from './hostile-rules.ts';

/** Pieces of text: several scripts, an emoji and an emoji sequence (surrogate pairs, a joiner), markup, quotes, a line break. */
const TEXT_UNITS = ['a', 'Z', '7', ' ', '\n', 'é', 'ß', 'ж', 'ع', '中', '😀', '👩\u200D⚕\uFE0F', '<b>', '&amp;', '"', "'", '\\', '%'];
/** Pieces of ids: no spaces, slashes or surrogate pairs, so an id goes in a path as it is and can be cut anywhere. */
export const ID_UNITS = ['a', 'Z', '7', '-', '_', 'é', 'ж', '中'];
const LOWER = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/** A length in [min, max], often exactly at a bound. */
const lengthIn = (min: number, max: number) => fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max: Math.min(max, min + 40) }), fc.integer({ min, max }));

/** Exactly `n` code points of `units` repeated (whole units only, topped up with 'x'), with no white space at either end. */
function fill(units: string[], n: number): string {
  let s = '';
  let length = 0;
  for (let i = 0; length + [...units[i % units.length]!].length <= n; i++) {
    s += units[i % units.length];
    length += [...units[i % units.length]!].length;
  }
  s += 'x'.repeat(n - length);
  return s.replace(/^\s/, 'x').replace(/\s$/, 'x');
}

/** Visible text whose length, counted as the contract counts it, is in [min, max]. */
export const visible = (min: number, max: number, units = TEXT_UNITS) =>
  fc.tuple(lengthIn(min, max), fc.array(fc.constantFrom(...units), { minLength: 1, maxLength: 8 })).map(([n, pieces]) => fill(pieces, n));

/** `core` with white space around it and invisible characters at its ends and middle (never inside a surrogate pair). */
const decorated = (core: fc.Arbitrary<string>) =>
  fc
    .tuple(core, fc.constantFrom('', ' ', '\t ', ' \n'), fc.constantFrom('', ' ', '\n'), fc.subarray(INVISIBLE, { maxLength: 3 }))
    .map(([s, left, right, [a = '', b = '', c = '']]) => {
      let middle = Math.floor(s.length / 2);
      if (/[\uD800-\uDBFF]/.test(s[middle - 1] ?? '')) middle++;
      return `${left}${a}${s.slice(0, middle)}${b}${s.slice(middle)}${c}${right}`;
    });

/** An address of the usual shape, sometimes exactly `max` long, sometimes in capitals. */
export function email(max: number) {
  const word = (n: number) => fc.string({ unit: fc.constantFrom(...LOWER), minLength: 1, maxLength: n });
  return fc
    .tuple(word(12), fc.option(word(6)), fc.option(word(5)), word(10), fc.constantFrom('com', 'org', 'es', 'museum'), fc.boolean(), fc.boolean())
    .map(([name, dotted, tag, domain, tld, atMax, capitals]) => {
      const local = name + (dotted ? `.${dotted}` : '') + (tag ? `+${tag}` : '');
      const host = `@${domain}.${tld}`;
      const address = (atMax ? local.padEnd(max - host.length, 'a') : local) + host;
      return capitals ? address.toUpperCase() : address;
    });
}

const made = new WeakMap<Rule, fc.Arbitrary<unknown>>();

/** Values the rule accepts, varied, often at a bound; a loose object sometimes carries an unknown key. */
export function validOf(rule: Rule): fc.Arbitrary<unknown> {
  let arbitrary = made.get(rule);
  if (!arbitrary) made.set(rule, (arbitrary = build(rule)));
  return arbitrary;
}

function build(rule: Rule): fc.Arbitrary<unknown> {
  switch (rule.kind) {
    case 'text':
      return rule.trim && !rule.plain ? decorated(visible(rule.min, rule.max)) : visible(rule.min, rule.max, ID_UNITS);
    case 'readOnly':
      return fc.constant(rule.value);
    case 'email':
      return email(rule.max);
    case 'number': {
      if (!rule.step)
        return fc.oneof(
          fc.constantFrom(rule.min, rule.max),
          fc.double({ min: rule.min, max: rule.max, noNaN: true }).map((v) => v + 0),
        );
      const scale = Math.round(1 / rule.step);
      const low = rule.above ? Math.floor(rule.min * scale) + 1 : Math.ceil(rule.min * scale - 1e-9);
      const high = Math.floor(rule.max * scale + 1e-9);
      // `+ 0`: JSON has no -0, so the server reads 0.
      return fc.oneof(fc.constantFrom(low, high), fc.integer({ min: low, max: high })).map((k) => k / scale + 0);
    }
    case 'bool':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...rule.values);
    case 'ref':
      return fc.constantFrom(...rule.known);
    case 'array': {
      const few = fc.array(validOf(rule.of), { minLength: rule.min, maxLength: Math.min(rule.max, rule.min + 3) });
      const full = few.map((items) => [...items, ...Array.from({ length: rule.max - items.length }, () => example(rule.of))]);
      return fc.oneof({ weight: 5, arbitrary: few }, { weight: 1, arbitrary: full });
    }
    case 'object': {
      const model = Object.fromEntries(Object.entries(rule.fields).map(([k, f]) => [k, validOf(f.kind === 'optional' ? f.of : f)]));
      const requiredKeys = Object.keys(rule.fields).filter((k) => rule.fields[k]!.kind !== 'optional');
      const record = fc.record(model, { requiredKeys });
      if (rule.strict) return record;
      // A polluting key is refused anywhere (hostile-invalid.ts sends those), so none stands in a valid body.
      const keys = ['extra', 'score', 'isAdmin'].filter((k) => !Object.hasOwn(rule.fields, k));
      const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ isAdmin: true })).filter((v) => !polluted(v));
      return fc.tuple(record, fc.option(fc.tuple(fc.constantFrom(...keys), value))).map(([o, extra]) => (extra ? withKey(o, ...extra) : o));
    }
    case 'record':
      return fc.record(Object.fromEntries(rule.keys.map((k) => [k, validOf(rule.of)])), { requiredKeys: [] });
    case 'tagged':
      return fc.oneof(
        ...rule.variants.map((v) => fc.tuple(fc.constantFrom(...v.values), validOf(v.object)).map(([tag, o]) => ({ [rule.tag]: tag, ...(o as object) }))),
      );
    case 'optional':
      return validOf(rule.of);
    case 'nullable':
      return fc.oneof(fc.constant(null), validOf(rule.of));
  }
}
