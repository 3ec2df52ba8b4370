import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One deliberate break of the product code that some test should notice. */
export interface Mutant {
  /** A short name, printed with the result and matched by the command line's filter. */
  id: string;
  file: string;
  /** Source text that occurs exactly once in the file, replaced by `to`. */
  from: string;
  to: string;
  /** Test files (or folders) that should fail with the mutant in place. */
  tests: string[];
  /** What the mutant breaks, in one line. */
  why: string;
  /** Set on a mutant that survives on purpose (equivalent to the original, or not worth a test), saying why. */
  explained?: string;
}

/** What keeps mutants from being tried in the project at `root`: a source text not found once in its file, a test that is gone. */
export function misfits(mutants: readonly Mutant[], root: string): string[] {
  const occurrences = (text: string, part: string) => text.split(part).length - 1;
  return mutants.flatMap((m) => {
    const found = existsSync(join(root, m.file)) ? occurrences(readFileSync(join(root, m.file), 'utf8'), m.from) : 0;
    const missing = m.tests.filter((t) => !existsSync(join(root, t)));
    return [
      ...(found === 1 ? [] : [`${m.id}: its source text occurs ${found} times in ${m.file}, not once`]),
      ...missing.map((t) => `${m.id}: no test file or folder ${t}`),
    ];
  });
}
