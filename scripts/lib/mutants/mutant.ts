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
