/** What the audit area offers the rest of the server: writing an entry with the change it describes, and what an account's export and deletion read and forget. */
export { entriesAbout, forgetInAudit, trailFor } from './forget.ts';
export { invitationsSentSince, recordAudit, updateAudited } from './queries.ts';
