import { createRoute, z } from '@hono/zod-openapi';
import { PlanInput, LangQuery, Plan, PlanSubscribers } from '../schemas.ts';
import { bearer, errors, idParam, json, jsonBody } from './shared.ts';

const planBody = jsonBody(PlanInput);

export const list = createRoute({ method: 'get', path: '/pricing', request: { query: LangQuery }, responses: { 200: json(z.array(Plan)), 400: errors[400] } });

export const create = createRoute({
  method: 'post',
  path: '/pricing',
  security: bearer,
  request: { body: planBody },
  responses: { 201: json(Plan, 'Created'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const update = createRoute({
  method: 'put',
  path: '/pricing/{id}',
  security: bearer,
  request: { params: idParam, body: planBody },
  responses: { 200: json(Plan), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const remove = createRoute({
  method: 'delete',
  path: '/pricing/{id}',
  security: bearer,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const subscribers = createRoute({
  method: 'get',
  path: '/pricing/{id}/subscribers',
  security: bearer,
  request: { params: idParam },
  responses: { 200: json(PlanSubscribers), 401: errors[401], 403: errors[403], 404: errors[404] },
});
