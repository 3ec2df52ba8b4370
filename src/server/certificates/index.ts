/** What the certificates area offers the rest of the server: issuing a completed course's certificate (when an attempt is stored, when a change to the course completes it, and once at start-up for those owed one), and the certificates as records show them. */
export { issueForCourse, issueIfComplete, issueOwedCertificates } from './issue.ts';
export { certificateOf, certificatesOf } from './queries.ts';
export { certificateSummary, type CertificateRow } from './summary.ts';
