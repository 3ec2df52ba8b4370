import bidiFactory from 'bidi-js';

/**
 * Lines of mixed-script text laid out for a PDF: the Unicode bidirectional algorithm (bidi-js) orders the runs, each
 * run goes to the font that covers its script, and fontkit (inside pdfkit) shapes Arabic. fontkit lays out any run
 * of Arabic script right to left by itself, so a run whose direction differs from that guess is handed to it reversed.
 * Each run must be laid out whole (pdfkit's `features` option): pdfkit otherwise lays out word by word, which puts
 * the words of a right-to-left run in the wrong order.
 */
const bidi = bidiFactory();

export type Script = 'arabic' | 'other';

/** One piece of a line, in visual order, ready to draw left to right. */
export interface VisualRun {
  text: string;
  script: Script;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/** Directional marks, embeddings and isolates steer the algorithm but are not drawn. */
const CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const scriptOf = (ch: string): Script | null => (ARABIC.test(ch) ? 'arabic' : /[\s\p{P}\p{S}]/u.test(ch) ? null : 'other');

interface LogicalRun {
  text: string;
  level: number;
  script: Script;
}

/** Splits a line into runs of one embedding level and one script; spaces and punctuation join the run before them. */
function logicalRuns(text: string, levels: Uint8Array, mirrored: Map<number, string>): LogicalRun[] {
  const runs: LogicalRun[] = [];
  let i = 0;
  for (const ch of text) {
    if (CONTROLS.test(ch)) {
      i += ch.length;
      continue;
    }
    const level = levels[i] ?? 0;
    const shown = level % 2 === 1 ? (mirrored.get(i) ?? ch) : ch;
    const last = runs.at(-1);
    const script = scriptOf(ch) ?? last?.script ?? 'other';
    if (last && last.level === level && last.script === script) last.text += shown;
    else runs.push({ text: shown, level, script });
    i += ch.length;
  }
  return runs;
}

/** Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above. */
function reorder(runs: LogicalRun[]): LogicalRun[] {
  const out = [...runs];
  const levels = out.map((r) => r.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < out.length;) {
      if (out[i]!.level < level) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < out.length && out[j]!.level >= level) j += 1;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}

const reversed = (s: string) => [...s].reverse().join('');

/** A line as runs to draw left to right, for a paragraph of the given base direction. */
export function visualRuns(text: string, direction: 'ltr' | 'rtl'): VisualRun[] {
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  return reorder(logicalRuns(text, embedding.levels, mirrored)).map((run) => {
    const rtl = run.level % 2 === 1;
    const fontkitReverses = ARABIC.test(run.text);
    return { text: rtl === fontkitReverses ? run.text : reversed(run.text), script: run.script };
  });
}

/**
 * Breaks a paragraph into lines no wider than `maxWidth`: at spaces, or between characters where a word is too long
 * (Chinese has no spaces).
 */
export function wrap(text: string, maxWidth: number, width: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const ch of word) {
      if (line && width(line + ch) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  return lines;
}
