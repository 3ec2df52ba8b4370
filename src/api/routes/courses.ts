import { createRoute, z } from '@hono/zod-openapi';
import { LangQuery, CourseInput, NewCourseInput, Course, CourseSummary } from '../schemas.ts';
import { bearer, errors, idParam, json, jsonBody } from './shared.ts';

export const list = createRoute({
  method: 'get',
  path: '/courses',
  request: { query: LangQuery },
  responses: { 200: json(z.array(CourseSummary)), 400: errors[400] },
});

export const get = createRoute({
  method: 'get',
  path: '/courses/{id}',
  request: { params: idParam, query: LangQuery },
  responses: { 200: json(Course), 400: errors[400], 404: errors[404] },
});

export const create = createRoute({
  method: 'post',
  path: '/courses',
  security: bearer,
  request: { body: { ...jsonBody(NewCourseInput), required: false } },
  responses: { 201: json(z.string(), 'The new course id'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const update = createRoute({
  method: 'put',
  path: '/courses/{id}',
  security: bearer,
  request: { params: idParam, body: jsonBody(CourseInput) },
  responses: { 200: json(Course), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const remove = createRoute({
  method: 'delete',
  path: '/courses/{id}',
  security: bearer,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404] },
});
