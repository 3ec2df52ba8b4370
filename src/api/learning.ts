import { z } from 'zod';
import { dbString } from './schemas.ts';

/** The contract of the learning record: progress per course, certificates, and groups with their directors. */

const Lock = z
  .object({
    module: z.number().describe('The module to pass first, numbered as the course page shows it'),
    title: z.string(),
    remaining: z.number().describe('Cases of that module still to pass'),
  })
  .meta({ id: 'Lock' });

export const CaseStanding = z
  .object({
    level: z.number(),
    case: z.number(),
    title: z.string(),
    passMark: z.number(),
    passMarkSource: z.enum(['set', 'benchmark', 'default']),
    state: z.enum(['notStarted', 'attempted', 'passed']),
    best: z.number().nullable(),
    attempts: z.number(),
    passedAt: z.string().nullable(),
    lock: Lock.nullable(),
  })
  .meta({ id: 'CaseStanding' });

export const ModuleStanding = z
  .object({
    level: z.number(),
    shown: z.number(),
    title: z.string(),
    passed: z.number(),
    total: z.number(),
    percent: z.number(),
    lock: Lock.nullable(),
    cases: z.array(CaseStanding),
  })
  .meta({ id: 'ModuleStanding' });

/** A certificate as its holder (and their directors, and admins) see it. */
export const CertificateSummary = z
  .object({
    id: z.string(),
    courseId: z.string(),
    courseTitle: z.string(),
    completedAt: z.string(),
    issuedAt: z.string(),
    revoked: z.boolean(),
  })
  .meta({ id: 'CertificateSummary' });

/** GET /progress?course=: one learner's standing in one course, computed from the stored attempts. */
export const CourseProgress = z
  .object({
    courseId: z.string(),
    userId: z.string(),
    proficiencyOrder: z.boolean(),
    passed: z.number(),
    total: z.number(),
    percent: z.number(),
    complete: z.boolean(),
    completedAt: z.string().nullable(),
    next: z.object({ level: z.number(), case: z.number() }).nullable(),
    modules: z.array(ModuleStanding),
    certificate: CertificateSummary.nullable(),
  })
  .meta({ id: 'CourseProgress' });

/** GET /progress without a course: one line per course with active cases. */
export const CourseProgressLine = z
  .object({
    courseId: z.string(),
    title: z.string(),
    passed: z.number(),
    total: z.number(),
    percent: z.number(),
    attempts: z.number(),
    complete: z.boolean(),
    certificate: CertificateSummary.nullable(),
  })
  .meta({ id: 'CourseProgressLine' });

export const ProgressQuery = z.strictObject({
  course: dbString().min(1).max(128).optional(),
  userId: dbString().min(1).max(128).optional(),
});

/** The public answer of GET /certificates/{id}: enough to confirm the certificate, nothing more about its holder. */
export const CertificateVerification = z
  .object({
    id: z.string(),
    status: z.enum(['valid', 'revoked']),
    holderName: z.string(),
    courseTitle: z.string(),
    completedAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'CertificateVerification' });

export const RevokeInput = z.strictObject({ reason: dbString().trim().min(1).max(500) });

export const GroupRole = z.enum(['member', 'director']);

export const Group = z.object({ id: z.string(), name: z.string(), members: z.number(), directors: z.number(), createdAt: z.string() }).meta({ id: 'Group' });

export const GroupPerson = z
  .object({ userId: z.string(), email: z.string(), name: z.string(), role: GroupRole, addedAt: z.string() })
  .meta({ id: 'GroupPerson' });

export const GroupDetail = Group.extend({ people: z.array(GroupPerson) }).meta({ id: 'GroupDetail' });

export const GroupInput = z.strictObject({ name: dbString().trim().min(1).max(200) });

export const GroupMemberInput = z.strictObject({ email: z.email().max(320), role: GroupRole });

/** GET /groups/{id}/progress: every member with one line per course any member has played. */
export const GroupProgress = z
  .object({
    groupId: z.string(),
    courses: z.array(z.object({ id: z.string(), title: z.string() })),
    members: z.array(
      z.object({
        userId: z.string(),
        email: z.string(),
        name: z.string(),
        courses: z.array(CourseProgressLine),
      }),
    ),
  })
  .meta({ id: 'GroupProgress' });

export type CaseStanding = z.infer<typeof CaseStanding>;
export type ModuleStanding = z.infer<typeof ModuleStanding>;
export type CourseProgress = z.infer<typeof CourseProgress>;
export type CourseProgressLine = z.infer<typeof CourseProgressLine>;
export type CertificateSummary = z.infer<typeof CertificateSummary>;
export type CertificateVerification = z.infer<typeof CertificateVerification>;
export type Group = z.infer<typeof Group>;
export type GroupPerson = z.infer<typeof GroupPerson>;
export type GroupDetail = z.infer<typeof GroupDetail>;
export type GroupRole = z.infer<typeof GroupRole>;
export type GroupProgress = z.infer<typeof GroupProgress>;
