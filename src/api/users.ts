import { createRoute, z } from '@hono/zod-openapi';
import { TERMS_VERSION } from '../domain/legal.ts';
import { roundTrip } from './round-trip.ts';
import { bearer, dbString, errors, idParam, json, jsonBody, text } from './shared.ts';

/** The contract of /users: the profiles we keep, their subscriptions, and the admin's reads and saves of them. */

const TimestampSchema = z.strictObject({
  seconds: z.number().int().min(0).max(253402300799),
  nanoseconds: z.number().int().min(0).max(999_999_999),
});

export const Subscription = z
  .strictObject({
    provider: text(200).min(1),
    plan_name: text(300),
    product_id: text(100).min(1),
    subscription_id: text(100).min(1),
    next_billing_time: TimestampSchema,
  })
  .meta({ id: 'Subscription' });

export const User = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    contact: z.string(),
    isAdmin: z.boolean(),
    isPremium: z.boolean(),
    /** An expert's attempts set each case's benchmark. */
    isExpert: z.boolean(),
    subscriptions: z.array(Subscription),
    /** The version of the terms of use the person accepted last, null if never asked: another than TERMS_VERSION asks them again. */
    termsVersion: z.string().nullable(),
  })
  .meta({ id: 'User' });

/** POST /users: isAdmin and isPremium are accepted but always stored false; the terms in force must be accepted. */
export const NewUser = z.strictObject({
  id: dbString().min(1).max(128),
  email: z.email().max(320),
  acceptedTerms: z
    .literal(TERMS_VERSION)
    .describe('The version of the terms of use (and privacy notice) the person accepted on signing up: the one in force, or the sign-up is refused'),
  isAdmin: z.boolean().optional(),
  isPremium: z.boolean().optional(),
  contact: text(50).optional(),
  name: text(401).optional(),
});

/** What the admin's full save of a profile writes. */
const UserChanges = z.strictObject({
  name: text(401).optional(),
  contact: text(50).optional(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  /** Left as stored when absent. */
  isExpert: z.boolean().optional(),
  subscriptions: z.array(Subscription).max(200),
});

/** PUT /users/{id}: the user as GET /users/{id} answers it, changed; `id`, `email` and `termsVersion` read-only. */
export const UserSave = roundTrip(UserChanges, User);

export type User = z.infer<typeof User>;
export type Subscription = z.infer<typeof Subscription>;
export type NewUser = z.infer<typeof NewUser>;
export type UserUpdate = z.infer<typeof UserChanges>;

export const find = createRoute({
  method: 'get',
  path: '/users',
  description: 'Administrators: profiles by sign-up date, or the profile with that email (verified or not).',
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

/**
 * The browser's own random id (kept in its storage), so that sign-ups are counted per device as well as per address:
 * one device signing up again and again is stopped long before a hall sharing one address runs out.
 */
export const DeviceHeader = z.object({
  'x-device-id': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

export const create = createRoute({
  method: 'post',
  path: '/users',
  security: bearer,
  request: { headers: DeviceHeader, body: jsonBody(NewUser) },
  responses: { 201: json(User, 'Created'), 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409], 429: errors[429] },
});

export const update = createRoute({
  method: 'put',
  path: '/users/{id}',
  security: bearer,
  request: { params: idParam, body: jsonBody(UserSave.body) },
  responses: { 200: json(User), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});
