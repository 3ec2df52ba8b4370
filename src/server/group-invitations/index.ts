/** What the invitations area offers the rest of the server: inviting (and mailing it), dropping a deleted account's invitations. */
export { dropInvitationsOf, invite } from './queries.ts';
export { mailInvitations } from './mail.ts';
