import { createRoute, z } from '@hono/zod-openapi';
import { GroupDetail, GroupRole } from './groups.ts';
import { bearer, dbString, errors, json, jsonBody } from './shared.ts';
import { addressKey } from '../domain/addresses.ts';

/** The contract of a group's invitations: addresses asked to join, who become members once they sign in with the address verified. */

/** At most this many addresses in one invitation (a year's intake pasted from a spreadsheet). */
export const MOST_INVITED = 200;

const InvitationInput = z.strictObject({
  // An address NFKC changes (a look-alike letter) is refused: addresses are compared as addressKey does.
  emails: z
    .array(
      z
        .email()
        .max(320)
        .refine((email) => addressKey(email) !== null, 'is not in Unicode normal form (NFKC)'),
    )
    .min(1)
    .max(MOST_INVITED),
  role: GroupRole,
});

/**
 * What became of each address: added at once (a director a verified account has, or a change of role), invited (a
 * member, who joins by accepting in My learning, or an address with no verified account yet), unverified (invited: an
 * account has it but has not verified it, told to administrators only), or already so.
 */
const InvitationOutcome = z.enum(['added', 'invited', 'unverified', 'already']);

const InvitationResult = z
  .object({ group: GroupDetail, results: z.array(z.object({ email: z.string(), outcome: InvitationOutcome })) })
  .meta({ id: 'InvitationResult' });

export type InvitationResult = z.infer<typeof InvitationResult>;
export type InvitationOutcome = z.infer<typeof InvitationOutcome>;

const invitationParams = z.object({ id: dbString().min(1).max(128), invitationId: dbString().min(1).max(128) });

export const invite = createRoute({
  method: 'post',
  path: '/groups/{id}/invitations',
  description:
    "Invites addresses to the group (administrators, as members or directors; the group's directors, as members, at most 50 invitations an hour; audited), each mailed. A member joins only by accepting the invitation in My learning (POST /learning/invitations/{id}/accept), with the address verified; until then no director reads anything of theirs. A director a verified account has joins at once; a director's invitation of any other address is taken up when someone signs in with it verified.",
  security: bearer,
  request: { params: z.object({ id: dbString().min(1).max(128) }), body: jsonBody(InvitationInput) },
  responses: { 200: json(InvitationResult), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 429: errors[429] },
});

export const cancel = createRoute({
  method: 'delete',
  path: '/groups/{id}/invitations/{invitationId}',
  description: "Cancels a pending invitation (administrators; the group's directors, for members' invitations; audited).",
  security: bearer,
  request: { params: invitationParams },
  responses: { 200: json(GroupDetail), 401: errors[401], 403: errors[403], 404: errors[404] },
});
