import { createRoute, z } from '@hono/zod-openapi';
import { roundTrip } from './round-trip.ts';
import { bearer, dbString, errors, idParam, json, jsonBody } from './shared.ts';

/** The contract of /groups: groups of learners with their directors, kept by administrators. */

export const GroupRole = z.enum(['member', 'director']);

export const Group = z.object({ id: z.string(), name: z.string(), members: z.number(), directors: z.number(), createdAt: z.string() }).meta({ id: 'Group' });

const GroupPerson = z.object({ userId: z.string(), email: z.string(), name: z.string(), role: GroupRole, addedAt: z.string() }).meta({ id: 'GroupPerson' });

/** An address invited to the group, waiting for someone to sign in with it verified. */
const GroupInvitation = z.object({ id: z.string(), email: z.string(), role: GroupRole, invitedAt: z.string() }).meta({ id: 'GroupInvitation' });

export const GroupDetail = Group.extend({ people: z.array(GroupPerson), invitations: z.array(GroupInvitation) }).meta({ id: 'GroupDetail' });

const GroupInput = z.strictObject({ name: dbString().trim().min(1).max(200) });

/** PUT /groups/{id}: the group as GET /groups/{id} answers it, renamed; everything but the name read-only. */
export const GroupSave = roundTrip(GroupInput, GroupDetail);

const GroupMemberInput = z.strictObject({ email: z.email().max(320), role: GroupRole });

export type Group = z.infer<typeof Group>;
export type GroupDetail = z.infer<typeof GroupDetail>;
export type GroupRole = z.infer<typeof GroupRole>;
export type GroupInvitation = z.infer<typeof GroupInvitation>;

const memberParams = z.object({ id: dbString().min(1).max(128), userId: dbString().min(1).max(128) });

export const list = createRoute({
  method: 'get',
  path: '/groups',
  description: 'Administrators: every group. Anyone else: the groups they direct (none for a learner).',
  security: bearer,
  responses: { 200: json(z.array(Group)), 401: errors[401] },
});

export const create = createRoute({
  method: 'post',
  path: '/groups',
  description:
    'Creates a group (audited). An administrator creates it empty, for directors named later; anyone else with a verified address ' +
    'creates a group of their own, which they direct (403 while their address is not verified). Ten a day per user (429 after).',
  security: bearer,
  request: { body: jsonBody(GroupInput) },
  responses: { 201: json(GroupDetail, 'Created'), 400: errors[400], 401: errors[401], 403: errors[403], 429: errors[429] },
});

export const get = createRoute({
  method: 'get',
  path: '/groups/{id}',
  security: bearer,
  request: { params: idParam },
  responses: { 200: json(GroupDetail), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const update = createRoute({
  method: 'put',
  path: '/groups/{id}',
  description: "Renames the group (administrators and the group's directors; audited).",
  security: bearer,
  request: { params: idParam, body: jsonBody(GroupSave.body) },
  responses: { 200: json(GroupDetail), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const remove = createRoute({
  method: 'delete',
  path: '/groups/{id}',
  description:
    "Deletes the group with its memberships, invitations, course assignments and reminders (administrators and the group's directors; audited, the trail keeping who was in it). " +
    'Learners keep their records and certificates and stay in their other groups.',
  security: bearer,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const addMember = createRoute({
  method: 'post',
  path: '/groups/{id}/members',
  description:
    'Adds a registered user by their email as a director, or changes their role (administrators; audited), at once; a director needs a verified address (409 email_unverified otherwise). A new member is invited instead (verified or not), mailed, and joins only by accepting in My learning.',
  security: bearer,
  request: { params: idParam, body: jsonBody(GroupMemberInput) },
  responses: {
    200: json(GroupDetail),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: { description: 'No such group, or no user has this email', content: errors[404].content },
    409: { description: 'The profile with this email has not verified it (email_unverified)', content: errors[409].content },
  },
});

export const removeMember = createRoute({
  method: 'delete',
  path: '/groups/{id}/members/{userId}',
  description:
    "Removes someone from the group (audited): administrators remove members and directors (a removed director loses access at once), the group's directors remove its members.",
  security: bearer,
  request: { params: memberParams },
  responses: { 200: json(GroupDetail), 401: errors[401], 403: errors[403], 404: errors[404] },
});

/** A member who has not completed an assigned course (no valid certificate) after its due date; when they were reminded of it. */
const LateMember = z.object({ userId: z.string(), email: z.string(), name: z.string(), remindedAt: z.string().nullable() }).meta({ id: 'LateMember' });

/** A course assigned to the group's members with its due date; who is late once it has passed. */
const GroupAssignment = z
  .object({ courseId: z.string(), title: z.string(), dueAt: z.string(), completed: z.number(), late: z.array(LateMember) })
  .meta({ id: 'GroupAssignment' });

const AssignmentInput = z.strictObject({ dueAt: z.iso.datetime({ offset: true }) });
const assignmentParams = z.object({ id: dbString().min(1).max(128), courseId: dbString().min(1).max(128) });

export type GroupAssignment = z.infer<typeof GroupAssignment>;

export const assignments = createRoute({
  method: 'get',
  path: '/groups/{id}/assignments',
  description:
    "The courses assigned to the group with their due dates, how many members completed each (a valid certificate), and who is late: members without one once the due date has passed, with when they were last reminded of that date (the group's directors and administrators). Titles in the language of Accept-Language.",
  security: bearer,
  request: { params: idParam },
  responses: { 200: json(z.array(GroupAssignment)), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const assign = createRoute({
  method: 'put',
  path: '/groups/{id}/assignments/{courseId}',
  description:
    "Assigns a published course to the group's members, to complete by `dueAt`, or moves its due date (the group's directors and administrators; audited). A new due date may be reminded of again.",
  security: bearer,
  request: { params: assignmentParams, body: jsonBody(AssignmentInput) },
  responses: { 200: json(z.array(GroupAssignment)), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const unassign = createRoute({
  method: 'delete',
  path: '/groups/{id}/assignments/{courseId}',
  description: "Withdraws a course's assignment (the group's directors and administrators; audited). The members' records stay.",
  security: bearer,
  request: { params: assignmentParams },
  responses: { 200: json(z.array(GroupAssignment)), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const remind = createRoute({
  method: 'post',
  path: '/groups/{id}/reminders',
  description:
    "Mails a reminder to each late member (an assigned course not completed after its due date), in the sender's language, once per course, member and due date: sending again mails only those not yet reminded of that date (the group's directors and administrators; audited).",
  security: bearer,
  request: { params: idParam },
  responses: {
    200: json(z.object({ sent: z.array(z.object({ userId: z.string(), courseId: z.string() })) }).meta({ id: 'RemindersSent' })),
    401: errors[401],
    403: errors[403],
    404: errors[404],
  },
});
