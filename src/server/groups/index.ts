/** What the groups area offers the rest of the server: a group as its page shows it (people and invitations), its assigned courses. */
export { assignmentsOf, groupDetail } from './queries.ts';
