import { createRoute, z } from '@hono/zod-openapi';
import { bearer, CsvQuery, dbString, errors, json } from './shared.ts';

/** The contract of /user-list: the admins' list of every profile, paged, sorted, filtered and searched, and its CSV. */

export const USER_ROLES = ['admin', 'expert', 'director', 'learner'] as const;
export const USER_ACCESS = ['premium', 'subscribed', 'expired', 'none'] as const;
export const USER_SORTS = ['name', 'createdAt', 'lastActiveAt'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type UserAccess = (typeof USER_ACCESS)[number];
export type UserSort = (typeof USER_SORTS)[number];

/**
 * Which profiles: `q` matches any part of the name or the address (any case); `role` learner is nobody with another
 * role; `access` premium is the flag, subscribed an active subscription, expired only ended ones, none neither; `plan`
 * an active subscription to that plan; `group` anyone in it, member or director.
 */
export const UserListFilter = z.strictObject({
  q: dbString().trim().max(200).optional(),
  role: z.enum(USER_ROLES).optional(),
  access: z.enum(USER_ACCESS).optional(),
  plan: dbString().max(100).optional(),
  group: dbString().max(128).optional(),
  sort: z.enum(USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const UserListQuery = UserListFilter.extend({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const UserListRow = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    createdAt: z.string(),
    /** When their latest attempt was stored; null when they never played. */
    lastActiveAt: z.string().nullable(),
    isAdmin: z.boolean(),
    isPremium: z.boolean(),
    isExpert: z.boolean(),
    isDirector: z.boolean(),
    /** The plans they hold now (active subscriptions), by id. */
    plans: z.array(z.string()),
  })
  .meta({ id: 'UserListRow' });

export const UserListPage = z
  .object({ users: z.array(UserListRow), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'UserListPage' });

export type UserListFilter = z.input<typeof UserListFilter>;
export type UserListRow = z.infer<typeof UserListRow>;
export type UserListPage = z.infer<typeof UserListPage>;

export const list = createRoute({
  method: 'get',
  path: '/user-list',
  security: bearer,
  request: { query: UserListQuery },
  responses: { 200: json(UserListPage), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const exportCsv = createRoute({
  method: 'get',
  path: '/user-list/export.csv',
  security: bearer,
  description:
    'Every profile the filter selects, in its order. With `lang`, a file for people: headers, roles, dates and plan titles in that ' +
    'language, the separator its spreadsheets expect; without, plan ids, ISO dates and commas.',
  request: { query: UserListFilter.extend(CsvQuery.shape) },
  responses: {
    200: { description: 'CSV (UTF-8, header row first) of every profile the filter selects, in its order', content: { 'text/csv': { schema: z.string() } } },
    400: errors[400],
    401: errors[401],
    403: errors[403],
  },
});
