import type { Mutant } from './mutant.ts';

const CATALOGUE = 'src/server/courses/catalogue.ts';
const RACES = ['tests/api/courses/catalogue-cache.test.ts'];
const CERTIFICATE = 'src/server/certificates/certificate-pdf.ts';
const RECEIPT = 'src/server/receipts/receipt-pdf.ts';

/**
 * The breaks issue 47 found surviving npm test: a PostgreSQL-only forgetting and counting (caught by the api-postgres
 * project, vitest.config.ts), the catalogue's generation guards (caught by reads held in flight) and the PDFs' bidi
 * isolates (caught by text that starts with digits).
 */
export const REACH: Mutant[] = [
  {
    id: 'publish-forget-off',
    file: 'src/server/course-drafts/routes.ts',
    from: "    catalogue.changed(done.was === 'published' ? id : null);\n",
    to: '',
    tests: ['tests/api/course-drafts/course-drafts.test.ts'],
    why: 'the server that published answers the old course and list until the database announces the change (a moment later on PostgreSQL)',
  },
  {
    id: 'generation-guard-list-off',
    file: CATALOGUE,
    from: '    if (gen === this.generation) this.lists.set(locale, cached);',
    to: '    this.lists.set(locale, cached);',
    tests: RACES,
    why: 'a list read before a change landed is kept, and answered until the next change',
  },
  {
    id: 'generation-guard-course-off',
    file: CATALOGUE,
    from: '    if (gen === this.generation) {\n      const locales',
    to: '    {\n      const locales',
    tests: RACES,
    why: 'a course read before a change landed is kept, and answered until the next change',
  },
  {
    id: 'generation-guard-plans-off',
    file: CATALOGUE,
    from: '    if (gen === this.generation) this.plans = all;',
    to: '    this.plans = all;',
    tests: RACES,
    why: 'the plans read before a change landed are kept, and sold until the next change',
  },
  {
    id: 'generation-guard-plans-on-sale-off',
    file: CATALOGUE,
    from: '    if (gen === this.generation) this.onSale.set(locale, cached);',
    to: '    this.onSale.set(locale, cached);',
    tests: RACES,
    why: 'the plans on sale made from plans read before a change landed are kept',
  },
  {
    id: 'pdf-isolate-case-title-off',
    file: CERTIFICATE,
    from: 'title: isolate(c.title),',
    to: 'title: c.title,',
    tests: ['tests/api/certificates/certificates.test.ts'],
    why: 'a case title that starts with digits is drawn in the wrong order in an Arabic certificate ("vessels, 1 artery 2")',
  },
  {
    id: 'pdf-isolate-certificate-id-off',
    file: CERTIFICATE,
    from: 'id: isolateLtr(facts.id)',
    to: 'id: facts.id',
    tests: ['tests/api/certificates/certificates.test.ts'],
    why: 'an id that starts with a digit and a dash (7-Xk3_9aQ) is drawn broken in an Arabic certificate',
  },
  {
    id: 'pdf-isolate-holder-off',
    file: CERTIFICATE,
    from: 'pdf.paragraph(isolate(facts.holderName)',
    to: 'pdf.paragraph(facts.holderName',
    tests: ['tests/api/certificates/certificates.test.ts'],
    why: 'a name that starts with digits is drawn in the wrong order in an Arabic certificate',
  },
  {
    id: 'pdf-isolate-receipt-order-off',
    file: RECEIPT,
    from: 'isolateLtr(receipt.orderId)',
    to: 'receipt.orderId',
    tests: ['tests/api/receipts/receipts.test.ts'],
    why: 'an order id that starts with a digit and a dash is drawn broken in an Arabic receipt',
  },
  {
    id: 'pdf-isolate-receipt-buyer-off',
    file: RECEIPT,
    from: 'isolate(receipt.buyer.name)',
    to: 'receipt.buyer.name',
    tests: ['tests/api/receipts/receipts.test.ts'],
    why: 'a buyer whose name starts with digits is drawn in the wrong order in an Arabic receipt',
  },
  {
    id: 'postgres-rate-limit-one-counter',
    file: 'src/server/http/rate-counters.ts',
    from: 'key: `${limit.name}:${key}:${window}`',
    to: 'key: `${limit.name}:${window}`',
    tests: ['tests/api/cross/rate-limits.test.ts'],
    why: 'on PostgreSQL every caller of a limit spends one shared counter (PGlite counts in memory, so only the api-postgres project sees it)',
  },
];
