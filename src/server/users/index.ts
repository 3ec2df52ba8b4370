/** What the users area offers the rest of the server: the users' own records, served from memory. */
export { UserCache } from './user-cache.ts';
