import { createRoute, z } from '@hono/zod-openapi';
import type { CourseSummary } from './courses.ts';
import { roundTrip } from './round-trip.ts';
import { bearer, dbString, errors, idParam, json, jsonBody, LangQuery, text, title, translations } from './shared.ts';

/** The contract of /pricing: the plans on sale, each a price and a duration for a set of courses. */

export const PlanInput = z.strictObject({
  title,
  price: z.number().gt(0).max(1_000_000).multipleOf(0.01).meta({ multipleOf: 0.01 }),
  duration: z.number().int().min(1).max(120),
  description: text(2000),
  courses: z.array(dbString().min(1).max(100)).max(100),
  visibility: z.boolean(),
  /** Title and description in the other languages; left as stored when absent. */
  translations: translations(z.strictObject({ title: text(200), description: text(2000) }).partial()).optional(),
});

/** A plan in the language asked for (`?lang=` or Accept-Language), English where a text is missing; `translations` holds the stored versions. */
export const Plan = PlanInput.extend({ id: z.string(), translations: PlanInput.shape.translations.unwrap() }).meta({ id: 'Plan' });

/** How many people hold a plan now (an active subscription to it): what deleting or hiding it would touch. */
const PlanSubscribers = z.strictObject({ planId: z.string(), active: z.number().int().min(0) }).meta({ id: 'PlanSubscribers' });

export type Plan = z.infer<typeof Plan>;

/** What /pricing is rendered with on the server, before any script: the plans on sale and their courses, in the page's language. */
export interface PricingFacts {
  plans: Plan[];
  courses: CourseSummary[];
  /** Payments go to the local stand-in or PayPal's sandbox: the page says no real money is charged. */
  testPayments: boolean;
}
export type PlanInput = z.infer<typeof PlanInput>;

/** PUT /pricing/{id}: the plan as GET /pricing answers it (in English), `id` read-only. */
export const PlanSave = roundTrip(PlanInput, Plan);

export const list = createRoute({ method: 'get', path: '/pricing', request: { query: LangQuery }, responses: { 200: json(z.array(Plan)), 400: errors[400] } });

export const create = createRoute({
  method: 'post',
  path: '/pricing',
  security: bearer,
  request: { body: jsonBody(PlanInput) },
  responses: { 201: json(Plan, 'Created'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const update = createRoute({
  method: 'put',
  path: '/pricing/{id}',
  description:
    'Changes the plan (administrators; audited): send it back as GET /pricing?lang=en answers it, changed (the texts sent are the English ' +
    'ones; the other languages go in `translations`).',
  security: bearer,
  request: { params: idParam, body: jsonBody(PlanSave.body) },
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
