/**
 * A small language for the API's documented input rules, written out by hand for the hostile-input suite, so that the
 * suite's idea of good and bad input never comes from the server's own schemas.
 */
export type Rule =
  /**
   * A string, its length counted in code points (an emoji is one): invisible characters removed first, NUL or unpaired surrogates
   * refused, then (`trim`) its ends trimmed; `plain`: taken as it is, none of that.
   */
  | { kind: 'text'; min: number; max: number; trim: boolean; plain?: boolean }
  /** A field the GET answers and the PUT takes back: only `value` (what the GET answers) is accepted, then ignored. */
  | { kind: 'readOnly'; value: unknown }
  | { kind: 'email'; max: number }
  /** A number in [min, max] (`above`: min itself refused), a whole multiple of `step` when given. */
  | { kind: 'number'; min: number; max: number; step?: number; above?: boolean }
  | { kind: 'bool' }
  | { kind: 'enum'; values: readonly string[] }
  /** An id (a text as `trim: false` describes) naming one of `known`; `unknownRefused`: an unknown one is invalid input (400). */
  | { kind: 'ref'; known: readonly string[]; min: number; max: number; unknownRefused?: boolean }
  | { kind: 'array'; of: Rule; min: number; max: number }
  /** `strict`: a key not listed is refused; otherwise it is dropped. */
  | { kind: 'object'; fields: Record<string, Rule>; strict: boolean }
  /** An object whose keys are some of `keys` (any other key refused), each holding `of`. */
  | { kind: 'record'; keys: readonly string[]; of: Rule }
  /** Objects told apart by the string in `tag`, each variant listing the tag's values and its other fields. */
  | { kind: 'tagged'; tag: string; variants: Array<{ values: readonly string[]; object: ObjectRule }> }
  /** Only as an object's field: the key may be left out. */
  | { kind: 'optional'; of: Rule }
  | { kind: 'nullable'; of: Rule };

export type ObjectRule = Extract<Rule, { kind: 'object' }>;

export const text = (max: number, min = 0): Rule => ({ kind: 'text', min, max, trim: true });
export const int = (min: number, max: number): Rule => ({ kind: 'number', min, max, step: 1 });
export const bool: Rule = { kind: 'bool' };
export const oneOf = (...values: string[]): Rule => ({ kind: 'enum', values });
export const list = (of: Rule, max: number, min = 0): Rule => ({ kind: 'array', of, min, max });
export const optional = (of: Rule): Rule => ({ kind: 'optional', of });
export const strict = (fields: Record<string, Rule>): ObjectRule => ({ kind: 'object', fields, strict: true });
export const loose = (fields: Record<string, Rule>): ObjectRule => ({ kind: 'object', fields, strict: false });
/** A read-only field of a round-trip body: left out, or sent as the GET answers it. */
export const readOnly = (value: unknown): Rule => optional({ kind: 'readOnly', value });

/** The invisible characters the valid bodies are sprinkled with; the contract says each is removed before a text is stored. */
export const INVISIBLE = ['\u202E', '\u200B', '\u2060', '\uFEFF', '\u00AD', '\u0007', '\u17B5', '\u2800', '\u2029'];

/** Keys that have polluted prototypes elsewhere: refused anywhere in a body, even where other unknown keys are dropped. */
export const POLLUTION = ['__proto__', 'constructor', 'prototype'];

/** Whether a parsed JSON value holds a polluting key at any depth (walked without recursion: junk nests thousands deep). */
export function polluted(value: unknown): boolean {
  const pending = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    for (const [key, item] of Object.entries(next)) {
      if (POLLUTION.includes(key)) return true;
      pending.push(item);
    }
  }
  return false;
}

/** A copy of `o` with `key` set as an own property, even `__proto__` (plain assignment would change the prototype). */
export function withKey(o: object, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...o } as Record<string, unknown>;
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A copy of `o` without `key`. */
export function without(o: object, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The variant of a tagged rule whose tag values include `tag`. */
export function variantOf(rule: Extract<Rule, { kind: 'tagged' }>, tag: unknown) {
  return rule.variants.find((v) => v.values.includes(tag as string));
}

/** A fixed valid value, for filling arrays to one over their bound. */
export function example(rule: Rule): unknown {
  switch (rule.kind) {
    case 'text':
      return 'x'.repeat(Math.max(rule.min, 1));
    case 'readOnly':
      return rule.value;
    case 'email':
      return 'a@example.com';
    case 'number':
      return rule.above ? rule.max : rule.min;
    case 'bool':
      return true;
    case 'enum':
      return rule.values[0];
    case 'ref':
      return rule.known[0];
    case 'array':
      return Array.from({ length: rule.min }, () => example(rule.of));
    case 'object':
      return Object.fromEntries(Object.entries(rule.fields).flatMap(([k, f]) => (f.kind === 'optional' ? [] : [[k, example(f)]])));
    case 'record':
      return {};
    case 'tagged': {
      const [first] = rule.variants;
      return { [rule.tag]: first!.values[0], ...(example(first!.object) as object) };
    }
    case 'optional':
    case 'nullable':
      return example(rule.of);
  }
}

const isReadOnly = (rule: Rule) => rule.kind === 'readOnly' || (rule.kind === 'optional' && rule.of.kind === 'readOnly');

/** What the server stores for a valid `value`: texts without invisible characters (and trimmed), unknown and read-only keys dropped. */
export function storedOf(rule: Rule, value: unknown): unknown {
  if (value === null) return null;
  switch (rule.kind) {
    case 'text': {
      if (rule.plain) return value;
      const visible = [...INVISIBLE].reduce((s, c) => s.replaceAll(c, ''), value as string);
      return rule.trim ? visible.trim() : visible;
    }
    case 'array':
      return (value as unknown[]).map((item) => storedOf(rule.of, item));
    case 'object':
      // Unknown keys are dropped, read-only ones ignored.
      return Object.fromEntries(
        Object.entries(value as object).flatMap(([k, v]) =>
          Object.hasOwn(rule.fields, k) && !isReadOnly(rule.fields[k]!) ? [[k, storedOf(rule.fields[k]!, v)]] : [],
        ),
      );
    case 'record':
      return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, storedOf(rule.of, v)]));
    case 'tagged': {
      const tag = (value as Record<string, unknown>)[rule.tag];
      return { [rule.tag]: tag, ...(storedOf(variantOf(rule, tag)!.object, value) as object) };
    }
    case 'optional':
    case 'nullable':
      return storedOf(rule.of, value);
    default:
      return value;
  }
}

/**
 * What any text sent as a body must be answered with, as far as the rules tell without validating it field by field:
 * not JSON (after the UTF-8 round trip a request makes), not an object, a polluting key anywhere, an unknown key of a
 * strict body or a required key missing are refusals; anything else is 'unknown'.
 */
export function judge(raw: string, body: ObjectRule): 'invalid_json' | 'invalid_body' | 'unknown' {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(new TextEncoder().encode(raw)));
  } catch {
    return 'invalid_json';
  }
  if (!isPlainObject(value) || polluted(value)) return 'invalid_body';
  const keys = Object.keys(value);
  if (body.strict && keys.some((k) => !Object.hasOwn(body.fields, k))) return 'invalid_body';
  const missing = Object.entries(body.fields).some(([k, f]) => f.kind !== 'optional' && !Object.hasOwn(value, k));
  return missing ? 'invalid_body' : 'unknown';
}
