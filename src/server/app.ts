import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { ErrorCode } from '../api/errors.ts';
import * as imageRoutes from '../api/images.ts';
import { MAX_IMAGE_BYTES } from '../api/images.ts';
import { API_BASE } from '../api/paths.ts';
import { PAYPAL_STANDIN_PATH } from './config.ts';
import { crossOrigin } from './http/cors.ts';
import type { Deps } from './deps.ts';
import { fail, internalError } from './http/errors.ts';
import { identify } from './access/caller.ts';
import { type Env } from './http/sub-app.ts';
import { accountApp } from './account/routes.ts';
import { assessmentsApp } from './assessments/routes.ts';
import { attemptsApp } from './attempts/routes.ts';
import { auditApp } from './audit/routes.ts';
import { certificatesApp } from './certificates/routes.ts';
import { coursesApp } from './courses/routes.ts';
import { courseDraftsApp } from './course-drafts/routes.ts';
import { groupProgressApp } from './group-progress/routes.ts';
import { groupsApp } from './groups/routes.ts';
import { groupInvitationsApp } from './group-invitations/routes.ts';
import { imagesApp } from './images/routes.ts';
import { launchApp } from './launch/routes.ts';
import { learningApp } from './learning/routes.ts';
import { membershipsApp } from './memberships/routes.ts';
import { metaApp } from './meta/routes.ts';
import { paymentsApp } from './payments/routes.ts';
import { pricingApp } from './pricing/routes.ts';
import { progressApp } from './progress/routes.ts';
import { receiptsApp } from './receipts/routes.ts';
import { usersApp } from './users/routes.ts';
import { userListApp } from './user-list/routes.ts';
import { apiHeaders } from './http/security.ts';

export const MAX_BODY = 1024 * 1024;

/** The /api application: one sub-app per area. It can run inside main.ts or alone. */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<Env>().basePath(API_BASE);
  // Answers are about the caller or change with any write: none is stored, except the catalogue's (revalidated by ETag,
  // its headers made with its bytes in courses/catalogue-answer.ts).
  const headerList = Object.entries(apiHeaders(deps.config));
  // Set before the handler runs, so they travel with the response it builds instead of rewriting it afterwards.
  app.use(async (c, next) => {
    c.set('deps', deps);
    for (const [name, value] of headerList) c.header(name, value);
    await next();
  });
  app.use(crossOrigin(deps.config));
  const limitBody = bodyLimit({ maxSize: MAX_BODY, onError: (c) => fail(c, 413, ErrorCode.payloadTooLarge, 'The body is over 1 MB') });
  const limitImage = bodyLimit({ maxSize: MAX_IMAGE_BYTES, onError: (c) => fail(c, 413, ErrorCode.payloadTooLarge, 'The picture is over 8 MB') });
  // Reading a GET's body would make the Node adapter build a full Request for nothing, on the busiest routes.
  app.use((c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.path === `${API_BASE}${imageRoutes.upload.path}` ? limitImage(c, next) : limitBody(c, next);
  });
  app.use(identify);
  // Chained so that AppType carries every route of the contract, which the typed clients are derived from. The
  // stand-ins stay where they were always mounted, so the OpenAPI document keeps its order.
  const first = app
    .route('/', accountApp)
    .route('/', usersApp)
    .route('/', coursesApp)
    .route('/', courseDraftsApp)
    .route('/', pricingApp)
    .route('/', metaApp)
    .route('/', auditApp)
    .route('/', launchApp)
    .route('/', paymentsApp)
    .route('/', receiptsApp);
  // The local PayPal stand-in (REST paths and JS SDK), only when no PayPal credentials are set.
  if (deps.paypalStandIn) app.route(PAYPAL_STANDIN_PATH, deps.paypalStandIn.app);
  // The local form stand-ins, only when a form service is not configured.
  if (deps.formsStandIn) app.route('/', deps.formsStandIn);
  const api = first
    .route('/', attemptsApp)
    .route('/', progressApp)
    .route('/', learningApp)
    .route('/', membershipsApp)
    .route('/', certificatesApp)
    .route('/', groupsApp)
    .route('/', groupInvitationsApp)
    .route('/', groupProgressApp)
    .route('/', assessmentsApp)
    .route('/', imagesApp)
    .route('/', userListApp);
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Fetal Surgery Academy API', version: '1.0.0' },
  });
  app.notFound((c) => fail(c, 404, ErrorCode.notFound, 'No such route'));
  app.onError((err, c) => {
    if (err instanceof HTTPException && err.status === 400) {
      return fail(c, 400, ErrorCode.invalidJson, 'The body is not valid JSON');
    }
    if (err instanceof HTTPException) return fail(c, err.status, ErrorCode.invalidBody, err.message);
    return internalError(c, err);
  });
  return api;
}

/** Every route of /api with its inputs and answers, for the typed clients. */
export type AppType = ReturnType<typeof createApp>;
