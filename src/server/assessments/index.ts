/** What the assessments area offers the rest of the server: the check of a code typed at launch, the record of that launch, of its window when the attempt arrives, and the sittings a certificate names. */
export { recordAssessedLaunch, windowForLaunch, windowOpenAtSubmission } from './launch-code.ts';
export { sittingsOf } from './queries.ts';
