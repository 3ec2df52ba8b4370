/** What the progress area offers the rest of the server: learning records, read for certificates, groups, launches and course pages. */
export { activeCourses, benchmarkFacts, certificateSummary, launchLock, progressLine, recordsOf, type CertificateRow } from './records.ts';
