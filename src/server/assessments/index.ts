/** What the assessments area offers the rest of the server: the check of a code typed at launch. */
export { windowForLaunch } from './launch-code.ts';
