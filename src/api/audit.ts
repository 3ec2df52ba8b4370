import { createRoute, z } from '@hono/zod-openapi';
import { bearer, dbString, errors, json } from './shared.ts';

/** The contract of the admins' audit trail: every change an administrator or director made, with what it changed. */

const titles = z.array(z.string());

/** One difference between an entry's before and after, as the history panels read it (see src/domain/audit-diff.ts). */
const AuditChange = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('field'), field: z.string(), from: z.unknown(), to: z.unknown() }),
    z.object({ kind: z.literal('list'), field: z.string(), added: titles, removed: titles }),
    z.object({ kind: z.literal('translations'), field: z.string(), locales: titles }),
    z.object({
      kind: z.literal('subscription'),
      change: z.enum(['added', 'removed', 'changed']),
      subscription: z.object({ subscription_id: z.string(), product_id: z.string(), plan_name: z.string() }),
    }),
    z.object({
      kind: z.literal('module'),
      change: z.enum(['added', 'removed', 'changed']),
      title: z.string(),
      from: z.string().optional(),
      active: z.boolean().optional(),
      casesAdded: titles,
      casesRemoved: titles,
      casesChanged: z.array(z.object({ title: z.string(), from: z.string().optional() })),
      casesMoved: z.boolean(),
    }),
    z.object({ kind: z.literal('order'), field: z.string() }),
  ])
  .meta({ id: 'AuditChange' });

/** One admin change as GET /audit answers it: who, when, which entity, before and after, and what changed field by field. */
export const AuditEntry = z
  .object({
    id: z.number(),
    actor: z.string(),
    actorEmail: z.string(),
    entity: z.string(),
    entityId: z.string(),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    changes: z.array(AuditChange),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });

export type AuditEntry = z.infer<typeof AuditEntry>;
export type AuditChange = z.infer<typeof AuditChange>;

export const audit = createRoute({
  method: 'get',
  path: '/audit',
  security: bearer,
  request: {
    query: z.strictObject({
      entity: z.enum(['course', 'plan', 'user', 'group', 'certificate', 'image', 'assessment']).optional(),
      id: dbString().max(128).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  },
  responses: { 200: json(z.array(AuditEntry)), 400: errors[400], 401: errors[401], 403: errors[403] },
});
