/** What the assessments area offers the rest of the server: the check of a code typed at launch, and of its window when the attempt arrives. */
export { windowForLaunch, windowOpenAtSubmission } from './launch-code.ts';
