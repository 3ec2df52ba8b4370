/**
 * What the users area offers the rest of the server: the users' own records, served from memory (and a learner's read
 * of their own answered before the API when it can be), and a user's row as the contract shows it.
 */
export { UserCache } from './user-cache.ts';
export { ownRecordFastPath } from './fast-path.ts';
export { toUser } from './user-row.ts';
