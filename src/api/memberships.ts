import { createRoute, z } from '@hono/zod-openapi';
import { bearer, dbString, errors, json } from './shared.ts';

/**
 * The contract of a learner's own groups (My learning): the invitations waiting for their answer and the groups they
 * belong to, each with its directors, who read the learner's record only once the learner accepted.
 */

const Director = z.object({ name: z.string(), email: z.string() }).meta({ id: 'GroupDirector' });

const MyInvitation = z
  .object({ id: z.string(), groupId: z.string(), groupName: z.string(), directors: z.array(Director), invitedAt: z.string() })
  .meta({ id: 'MyInvitation' });

const MyGroup = z.object({ id: z.string(), name: z.string(), directors: z.array(Director), since: z.string() }).meta({ id: 'MyGroup' });

export const MyGroups = z
  .object({
    invitations: z.array(MyInvitation).describe('Invitations to join a group as a member, to the address the learner verified, the latest first'),
    groups: z.array(MyGroup).describe('The groups the learner is a member of, by name'),
  })
  .meta({ id: 'MyGroups' });

export type MyGroups = z.infer<typeof MyGroups>;

const invitationParam = z.object({ id: dbString().min(1).max(128) });

export const list = createRoute({
  method: 'get',
  path: '/learning/groups',
  description: "The caller's invitations (to their verified address) and the groups they are a member of, with each group's directors.",
  security: bearer,
  responses: { 200: json(MyGroups), 401: errors[401] },
});

export const accept = createRoute({
  method: 'post',
  path: '/learning/invitations/{id}/accept',
  description:
    "Accepts an invitation to the caller's verified address: they become a member, and the group's directors read their record from now on (audited).",
  security: bearer,
  request: { params: invitationParam },
  responses: { 200: json(MyGroups), 401: errors[401], 404: errors[404] },
});

export const decline = createRoute({
  method: 'post',
  path: '/learning/invitations/{id}/decline',
  description: "Declines an invitation to the caller's verified address: it is deleted and nothing of theirs is shared (audited).",
  security: bearer,
  request: { params: invitationParam },
  responses: { 200: json(MyGroups), 401: errors[401], 404: errors[404] },
});

export const leave = createRoute({
  method: 'delete',
  path: '/learning/groups/{id}',
  description: 'Leaves a group the caller is a member of: its directors stop reading their record at once and are told by mail (audited).',
  security: bearer,
  request: { params: invitationParam },
  responses: { 200: json(MyGroups), 401: errors[401], 404: errors[404] },
});
