/**
 * Characters a person cannot see that change how the text around them is shown: bidirectional overrides,
 * embeddings, isolates and marks (a name with U+202E is shown reversed), zero-width spaces, word joiners,
 * invisible operators, byte-order marks, tag characters, fillers that render as nothing, and control characters
 * other than tab, line breaks and NUL (which the contract refuses outright), the Khmer inherent vowels and the
 * Braille blank (they show nothing), the line and paragraph separators, and variation selectors that select nothing
 * (one after an emoji or an ideograph stays: it picks how that character is drawn). The zero-width joiner and
 * non-joiner stay: emoji sequences and Persian or Indic words need them.
 */
// oxlint-disable-next-line no-control-regex -- finding control characters is what this expression is for.
const INVISIBLE = /(?![\u200C\u200D])[\p{Cf}\u034F\u115F\u1160\u2028\u2029\u2800\u3164\uFFA0]|\u17B4|\u17B5|[\x01-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]/gu;
/** Variation selectors with no emoji or ideograph before them, once the other invisible characters are gone. */
const ORPHAN_SELECTOR = /(?<![\p{Emoji}\p{Ideographic}])[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

/** User text without the invisible characters that could make it show as something else. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '').replace(ORPHAN_SELECTOR, '');
}

/** Text set into a sentence keeps its own direction (FSI … PDI): a Latin name in Arabic, an address with punctuation. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
/** Text that reads left to right in any sentence (LRI … PDI): a date-like version, a web address, an id. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
