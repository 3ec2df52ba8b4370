import { createRoute, z } from '@hono/zod-openapi';
import { TERMS_VERSION } from '../domain/legal.ts';
import { bearer, dbString, documentLanguage, errors, json, jsonBody, LangQuery } from './shared.ts';
import { User } from './users.ts';

/** The contract of /users/me: what a learner does to their own account (profile, export, deletion). */

/** What a learner changes of their own profile. */
const ProfileUpdate = z.strictObject({
  name: dbString().trim().min(1).max(401),
  contact: dbString().trim().max(50),
});

export const updateMe = createRoute({
  method: 'patch',
  path: '/users/me',
  description: "Changes the caller's own name and phone (audited).",
  security: bearer,
  request: { body: jsonBody(ProfileUpdate) },
  responses: { 200: json(User), 400: errors[400], 401: errors[401], 404: errors[404] },
});

/** The buyer's details their invoices name: a postal address (several lines) and a tax id (CPF, NIF, VAT…), each may be empty. */
export const BillingDetails = z
  .strictObject({
    address: dbString().trim().max(500),
    taxId: dbString().trim().max(64).describe('CPF, NIF, VAT number…; empty when the buyer has none'),
  })
  .meta({ id: 'BillingDetails' });
export type BillingDetails = z.infer<typeof BillingDetails>;

export const billing = createRoute({
  method: 'get',
  path: '/users/me/billing',
  description: "The address and tax id the caller's next invoices will name.",
  security: bearer,
  responses: { 200: json(BillingDetails), 401: errors[401], 404: errors[404] },
});

export const saveBilling = createRoute({
  method: 'put',
  path: '/users/me/billing',
  description: "Sets the address and tax id the caller's invoices name from the next payment on (audited); each paid invoice keeps those it was issued with.",
  security: bearer,
  request: { body: jsonBody(BillingDetails) },
  responses: { 200: json(BillingDetails), 400: errors[400], 401: errors[401], 404: errors[404] },
});

/** The language a signed-in person reads the site in: what is mailed to them (a director's reminders) is written in it. */
export const ReadingLanguage = z.strictObject({ language: documentLanguage.unwrap() });

export const saveLanguage = createRoute({
  method: 'put',
  path: '/users/me/language',
  description: 'Records the language the caller reads the site in, for the mails others send them (reminders of an assigned course).',
  security: bearer,
  request: { body: jsonBody(ReadingLanguage) },
  responses: { 204: { description: 'Recorded' }, 400: errors[400], 401: errors[401], 404: errors[404] },
});

/** What one of the caller's subscriptions is called in the language asked for. */
const SubscriptionTitle = z.object({ subscriptionId: z.string(), title: z.string() }).meta({ id: 'SubscriptionTitle' });
export type SubscriptionTitle = z.infer<typeof SubscriptionTitle>;

export const subscriptionTitles = createRoute({
  method: 'get',
  path: '/users/me/subscriptions',
  description:
    "The caller's subscriptions by the title of their plan in the language asked for (`?lang=` or Accept-Language; English where the plan has no " +
    'title in it), hidden plans included; the name stored with the subscription once its plan is deleted.',
  security: bearer,
  request: { query: z.strictObject(LangQuery.shape) },
  responses: { 200: json(z.array(SubscriptionTitle)), 400: errors[400], 401: errors[401], 404: errors[404] },
});

export const acceptTerms = createRoute({
  method: 'put',
  path: '/users/me/terms',
  description:
    'Records that the caller accepted the terms of use (and privacy notice) in force, and when, as sign-up does: for accounts made before ' +
    'the terms were asked for, or that accepted an older version. Refused (400) for any other version.',
  security: bearer,
  request: {
    body: jsonBody(z.strictObject({ acceptedTerms: z.literal(TERMS_VERSION).describe('The version in force, which the person was shown and accepted') })),
  },
  responses: { 200: json(User), 400: errors[400], 401: errors[401], 404: errors[404] },
});

/** Where each attempt's event log is downloaded: the JSON export names it, since the logs are most of what is held. */
export const EVENT_LOGS_PATH = '/users/me/export/logs';

/** The terms a person accepted on signing up, and when. */
const Consent = z.object({ termsVersion: z.string(), acceptedAt: z.string().nullable() }).meta({ id: 'Consent' });

export const exportMe = createRoute({
  method: 'get',
  path: '/users/me/export',
  description: `Everything we hold about the caller, as a JSON download: profile, the terms version accepted at sign-up and when (\`consent\`, null for accounts made before it was asked), payments, attempts (each with \`hasLog\`), certificates, groups and the audit entries about them. The attempts' event logs are the separate download ${EVENT_LOGS_PATH}.`,
  security: bearer,
  responses: {
    200: { description: 'The JSON file', content: { 'application/json': { schema: z.looseObject({ profile: User, consent: Consent.nullable() }) } } },
    401: errors[401],
    404: errors[404],
    429: errors[429],
  },
});

export const exportLogs = createRoute({
  method: 'get',
  path: EVENT_LOGS_PATH,
  description:
    "The caller's attempts' event logs, oldest first, as gzip-compressed NDJSON (`my-attempt-logs.ndjson.gz`): one line per attempt, `{ attemptId, createdAt, log }`. Streamed attempt by attempt from the compressed logs as stored, so its size costs the server no memory.",
  security: bearer,
  responses: {
    200: { description: 'The gzip file (several gzip members, which every gunzip reads as one)', content: { 'application/gzip': { schema: z.string() } } },
    401: errors[401],
    404: errors[404],
    429: errors[429],
  },
});

export const deleteMe = createRoute({
  method: 'delete',
  path: '/users/me',
  description:
    "Deletes the caller's personal data: profile, attempts, certificates and group memberships; payments stay, anonymised, for the accounts. Audited. Refused (409 `last_admin`) when the caller is the last administrator. The browser then deletes the Firebase account.",
  security: bearer,
  responses: { 204: { description: 'Deleted' }, 401: errors[401], 404: errors[404], 409: errors[409] },
});
