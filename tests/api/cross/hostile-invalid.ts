import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { example, INVISIBLE, POLLUTION, without, withKey, type ObjectRule, type Rule } from './hostile-rules.ts';
import { ID_UNITS, validOf, visible } from './hostile-valid.ts';

/** A value that breaks a rule: `at` is the path (below the value) the refusal's issues must name, `why` what was broken. */
export interface Damage {
  value: unknown;
  at: Array<string | number>;
  why: string;
}

const DEEP = JSON.parse('['.repeat(1000) + ']'.repeat(1000)) as unknown;
/** A value of each JSON type, two for most, and an array nested a thousand deep. */
const SAMPLES: Array<[type: string, value: unknown]> = [
  ['string', 'x'],
  ['string', '1'],
  ['number', 1],
  ['number', 0],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['array', DEEP],
  ['object', {}],
  ['object', { isAdmin: true }],
];

/** The JSON type of the values a rule (not optional or nullable) accepts. */
function typeOf(rule: Rule): string {
  if (rule.kind === 'number' || rule.kind === 'array') return rule.kind;
  if (rule.kind === 'bool') return 'boolean';
  return rule.kind === 'object' || rule.kind === 'record' || rule.kind === 'tagged' ? 'object' : 'string';
}

type Site = fc.Arbitrary<Damage>;

const damage =
  (why: string, at: Array<string | number> = []) =>
  (value: unknown): Damage => ({ value, at, why });
const inside = (key: string | number, d: Damage): Damage => ({ value: d.value, at: [key, ...d.at], why: `${key}: ${d.why}` });

/** Values with one rule broken somewhere, each of which the contract says is refused, every rule as likely as any other. */
export const invalidOf = (rule: Rule): fc.Arbitrary<Damage> => fc.oneof(...damages(rule));

/**
 * One generator per rule of `rule` and per way of breaking it (a wrong type, a bound crossed by the least step, a
 * required key left out, an unknown key...), each making a value valid except there; `nullable`: null is allowed.
 */
export function damages(rule: Rule, nullable = false): Site[] {
  if (rule.kind === 'optional') return damages(rule.of, nullable);
  // Anything but what the GET answers, of its type or another.
  if (rule.kind === 'readOnly')
    return [fc.constantFrom(...SAMPLES.map(([, v]) => v).filter((v) => !isDeepStrictEqual(v, rule.value))).map(damage('a read-only field changed'))];
  if (rule.kind === 'nullable') return damages(rule.of, true);
  const accepted = [typeOf(rule), ...(nullable ? ['null'] : [])];
  const wrongType = fc.constantFrom(...SAMPLES.filter(([type]) => !accepted.includes(type)).map(([, v]) => v)).map(damage('wrong type'));
  return [wrongType, ...broken(rule)];
}

function broken(rule: Rule): Site[] {
  switch (rule.kind) {
    case 'text':
      return textDamages(rule);
    case 'email': {
      const host = '@example.com';
      const malformed = [
        'plainaddress',
        'a@b',
        'a b@example.com',
        '@example.com',
        'a@',
        'a@@example.com',
        ' a@example.com',
        'a..b@example.com',
        '.a@example.com',
        '',
      ];
      return [
        fc.constantFrom(...malformed).map(damage('not an address')),
        fc.constant('a'.repeat(rule.max + 1 - host.length) + host).map(damage(`over ${rule.max}`)),
      ];
    }
    case 'number': {
      const near = rule.step ?? 0.001;
      const sites = [
        fc.constant(rule.above ? rule.min : rule.min - near).map(damage(`${rule.above ? 'at' : 'under'} ${rule.min}`)),
        fc.constant(rule.max + near).map(damage(`over ${rule.max}`)),
        fc.constantFrom(rule.min - 1000, rule.max + 1000, -1e300, 1e300).map(damage(`far outside ${rule.min}..${rule.max}`)),
      ];
      if (!rule.step) return sites;
      const scale = Math.round(1 / rule.step);
      const offStep = fc.integer({ min: Math.ceil(rule.min * scale), max: Math.floor(rule.max * scale) - 1 }).map((k) => (k * 10 + 5) / (scale * 10));
      return [...sites, offStep.map(damage(`not a multiple of ${rule.step}`))];
    }
    case 'enum': {
      const near = rule.values.flatMap((v) => [v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v} `]).concat('', 'other');
      return [fc.constantFrom(...near.filter((s) => !rule.values.includes(s))).map(damage('not one of the values'))];
    }
    case 'ref':
      return [
        ...(rule.min > 0 ? [fc.constant('').map(damage('empty'))] : []),
        fc.constant('x'.repeat(rule.max + 1)).map(damage(`over ${rule.max} characters`)),
        fc.constant(`${rule.known[0]}\u0000`).map(damage('a NUL')),
      ];
    case 'array':
      return arrayDamages(rule);
    case 'object':
      return [...fieldDamages(rule), rule.strict ? unknownKey(rule) : pollutingKey(rule)];
    case 'record': {
      const keys = ['en', 'de', 'ES', 'es-ES', 'zh', ...POLLUTION, 'toString', ''].filter((k) => !rule.keys.includes(k));
      const stranger = fc
        .tuple(validOf(rule), fc.constantFrom(...keys), validOf(rule.of))
        .map(([o, k, v]) => damage(`unknown key ${k}`)(withKey(o as object, k, v)));
      const entries = damages(rule.of).map((site) =>
        fc.tuple(validOf(rule), fc.constantFrom(...rule.keys), site).map(([o, k, d]) => inside(k, { ...d, value: withKey(o as object, k, d.value) })),
      );
      return [stranger, ...entries];
    }
    case 'tagged': {
      const tags = rule.variants.flatMap((v) => v.values);
      const badTag = fc.tuple(validOf(rule), fc.constantFrom('', 'other', ...tags.map((t) => t.toUpperCase()).filter((t) => !tags.includes(t))));
      return [
        badTag.map(([o, tag]) => damage(`unknown ${rule.tag}`, [rule.tag])(withKey(o as object, rule.tag, tag))),
        validOf(rule).map((o) => damage(`${rule.tag} missing`, [rule.tag])(without(o as object, rule.tag))),
        ...rule.variants.flatMap((v) =>
          fieldDamages(v.object).map((site) =>
            fc.tuple(fc.constantFrom(...v.values), site).map(([tag, d]) => ({ ...d, value: withKey(d.value as object, rule.tag, tag) })),
          ),
        ),
      ];
    }
    default:
      return [];
  }
}

function textDamages(rule: Extract<Rule, { kind: 'text' }>): Site[] {
  const units = rule.trim ? undefined : ID_UNITS;
  const sites = [visible(rule.max + 1, rule.max + 1, units).map(damage(`over ${rule.max} characters`))];
  if (!rule.plain) {
    const unstorable = fc.tuple(visible(rule.min, rule.max - 1, units), fc.constantFrom('\u0000', '\uD800', '\uDC00')).map(([s, bad]) => bad + s);
    sites.push(unstorable.map(damage('a NUL or an unpaired surrogate')));
  }
  if (rule.min > 0) {
    // Too short once invisible characters are removed and the ends trimmed (unless the string is taken as it is).
    const short = visible(0, rule.min - 1, units).map((s) => (rule.plain ? s : `${rule.trim ? ' ' : ''}${s}${INVISIBLE[1]}`));
    sites.push(short.map(damage(`under ${rule.min} characters`)));
  }
  return sites;
}

function arrayDamages(rule: Extract<Rule, { kind: 'array' }>): Site[] {
  const filled = (n: number) => Array.from({ length: n }, () => example(rule.of));
  const some = fc.array(validOf(rule.of), { minLength: Math.max(0, rule.min - 1), maxLength: Math.min(2, rule.max - 1) });
  const spliced = (items: unknown[], bad: unknown, i: number) => {
    const at = i % (items.length + 1);
    return { at, value: [...items.slice(0, at), bad, ...items.slice(at)] };
  };
  const items = damages(rule.of).map((site) =>
    fc.tuple(some, site, fc.nat()).map(([valid, d, i]) => {
      const { at, value } = spliced(valid, d.value, i);
      return inside(at, { ...d, value });
    }),
  );
  const unknownRef =
    rule.of.kind === 'ref' && rule.of.unknownRefused
      ? [
          fc
            .tuple(some, fc.string({ unit: fc.constantFrom(...ID_UNITS), minLength: 1, maxLength: 20 }), fc.nat())
            .map(([valid, id, i]) => damage('unknown id')(spliced(valid, `no-such-${id}`, i).value)),
        ]
      : [];
  return [
    fc.constant(filled(rule.max + 1)).map(damage(`over ${rule.max} items`)),
    ...(rule.min > 0 ? [fc.constant(filled(rule.min - 1)).map(damage(`under ${rule.min} items`))] : []),
    ...items,
    ...unknownRef,
  ];
}

/** Each required key left out, and each field broken each way, the rest valid. */
function fieldDamages(rule: ObjectRule): Site[] {
  const required = Object.keys(rule.fields).filter((k) => rule.fields[k]!.kind !== 'optional');
  const missing = required.map((k) => validOf(rule).map((o) => damage(`${k} missing`, [k])(without(o as object, k))));
  const fields = Object.entries(rule.fields).flatMap(([k, f]) =>
    damages(f).map((site) => fc.tuple(validOf(rule), site).map(([o, d]) => inside(k, { ...d, value: withKey(o as object, k, d.value) }))),
  );
  return [...missing, ...fields];
}

/** A polluting key in an object that drops other unknown keys: refused all the same. */
function pollutingKey(rule: ObjectRule): Site {
  return fc
    .tuple(validOf(rule), fc.constantFrom(...POLLUTION))
    .map(([o, k]) => damage(`polluting key ${k}`)(withKey(o as object, k, { isAdmin: true, polluted: true })));
}

/** A key the strict object does not list: a polluting one, a near miss or any other. */
function unknownKey(rule: ObjectRule): Site {
  const key = fc
    .oneof(fc.constantFrom(...POLLUTION, 'extra', 'ID', 'Title', 'isAdmin '), fc.string({ minLength: 1, maxLength: 12 }))
    .filter((k) => !Object.hasOwn(rule.fields, k));
  const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ isAdmin: true, polluted: true }));
  return fc.tuple(validOf(rule), key, value).map(([o, k, v]) => damage(`unknown key ${JSON.stringify(k)}`)(withKey(o as object, k, v)));
}
