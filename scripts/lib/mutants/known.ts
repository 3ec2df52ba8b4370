import type { Mutant } from './mutant.ts';

/** The four one-line breaks issue 27 found unnoticed: each must now be caught. */
export const KNOWN: Mutant[] = [
  {
    id: 'certificate-pdf-cache-off',
    file: 'src/server/certificates/routes.ts',
    from: '  if (kept) return { pdf: kept, hit: true };\n',
    to: '',
    tests: ['tests/api/certificates/certificates.test.ts'],
    why: 'every download renders the certificate again instead of answering it from memory',
  },
  {
    id: 'pdf-bidi-reorder-off',
    file: 'src/server/pdf/text.ts',
    from: 'return reorder(logicalRuns(text, embedding.levels, mirrored)).map(',
    to: 'return logicalRuns(text, embedding.levels, mirrored).map(',
    tests: ['tests/unit/pdf-text.test.ts', 'tests/api/receipts/receipts.test.ts', 'tests/api/certificates/certificates.test.ts'],
    why: 'mixed Arabic and Latin lines are drawn in logical order, so right-to-left text reads backwards',
  },
  {
    id: 'csv-formula-guard-narrowed',
    file: 'src/server/http/csv.ts',
    from: '/^[=+\\-@\\t\\r]/',
    to: '/^[=+]/',
    tests: ['tests/api/groups/groups.test.ts'],
    why: 'a name starting with -, @, a tab or a CR reaches a spreadsheet as a formula',
  },
  {
    id: 'laser-technique-angle-ignored',
    file: 'src/domain/simulator/laser.ts',
    from: ' && cos >= LASER.workingMinCos',
    to: '',
    tests: ['tests/unit/simulator/laser.test.ts'],
    why: 'firing at a grazing angle counts as good technique',
  },
];
