import { createRoute, z } from '@hono/zod-openapi';
import { dbString, AuditEntry, UnityVersion, PublicConfig } from '../schemas.ts';
import { bearer, errors, json } from './shared.ts';

export const unityVersion = createRoute({ method: 'get', path: '/unityversion', responses: { 200: json(UnityVersion) } });

export const config = createRoute({ method: 'get', path: '/config', responses: { 200: json(PublicConfig) } });

export const audit = createRoute({
  method: 'get',
  path: '/audit',
  security: bearer,
  request: {
    query: z.strictObject({
      entity: z.enum(['course', 'plan', 'user', 'group', 'certificate', 'image']).optional(),
      id: dbString().max(128).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  },
  responses: { 200: json(z.array(AuditEntry)), 400: errors[400], 401: errors[401], 403: errors[403] },
});
