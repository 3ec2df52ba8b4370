import { createRoute, z } from '@hono/zod-openapi';
import { dbString, User, NewUser, UserUpdate } from '../schemas.ts';
import { bearer, errors, idParam, json, jsonBody } from './shared.ts';

export const find = createRoute({
  method: 'get',
  path: '/users',
  security: bearer,
  request: {
    query: z.strictObject({
      email: dbString().max(320).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
      offset: z.coerce.number().int().min(0).default(0),
    }),
  },
  responses: { 200: json(z.array(User)), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const get = createRoute({
  method: 'get',
  path: '/users/{id}',
  security: bearer,
  request: { params: idParam },
  responses: { 200: json(User), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const create = createRoute({
  method: 'post',
  path: '/users',
  security: bearer,
  request: { body: jsonBody(NewUser) },
  responses: { 201: json(User, 'Created'), 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409], 429: errors[429] },
});

export const update = createRoute({
  method: 'put',
  path: '/users/{id}',
  security: bearer,
  request: { params: idParam, body: jsonBody(UserUpdate) },
  responses: { 200: json(User), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});
