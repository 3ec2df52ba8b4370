/** What the assessments area offers the rest of the server: the check of a code typed at launch, the record of that launch, and of its window when the attempt arrives. */
export { recordAssessedLaunch, windowForLaunch, windowOpenAtSubmission } from './launch-code.ts';
