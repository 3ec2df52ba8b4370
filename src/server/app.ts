import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { ErrorCode } from '../api/errors.ts';
import { isContentLocale, negotiateLocale } from '../domain/localize.ts';
import { accountApp } from './account.ts';
import { attemptsApp } from './attempts.ts';
import { certificatesApp } from './certificates.ts';
import { coursesApp } from './courses.ts';
import { PAYPAL_STANDIN_PATH } from './config.ts';
import type { Deps } from './deps.ts';
import { fail, identify, internalError, type Env } from './http.ts';
import { groupProgressApp } from './group-progress.ts';
import { groupsApp } from './groups.ts';
import { imagesApp, MAX_IMAGE_BYTES } from './images.ts';
import { launchApp } from './launch.ts';
import { metaApp } from './meta.ts';
import { paymentsApp } from './payments.ts';
import { pricingApp } from './pricing.ts';
import { progressApp } from './progress.ts';
import { receiptsApp } from './receipts.ts';
import { API_POLICY, commonHeaders } from './security.ts';
import { crossOrigin } from './cors.ts';
import { cachedJsonAnswers } from './cached-json.ts';
import { usersApp } from './users.ts';

export const MAX_BODY = 1024 * 1024;

/** The /api application: one sub-app per area. It can run inside main.ts or alone. */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<Env>().basePath('/api');
  // Answers are about the caller or change with any write: none is stored, except the catalogue's (revalidated by ETag).
  const headers = { ...commonHeaders(deps.config), 'content-security-policy': API_POLICY, 'cache-control': 'private, no-store' };
  const headerList = Object.entries(headers);
  const catalogueAnswer = cachedJsonAnswers(headers);
  // The catalogue, the busiest read, is answered before the middleware: it reads no body and no caller, and a request
  // without Origin is not cross-origin, so none of them has anything to do. Others go on to the route below.
  app.get('/courses', async (c, next) => {
    if (c.req.header('origin')) return next();
    // A language we do not have goes on to the route, which refuses it.
    const asked = c.req.query('lang');
    if (asked !== undefined && !isContentLocale(asked)) return next();
    const locale = asked ?? negotiateLocale(c.req.header('accept-language'));
    const cached = await deps.catalogue.summaries(locale).catch(() => null);
    if (!cached) return next();
    const res = catalogueAnswer(cached, c.req.header('accept-encoding'), c.req.header('if-none-match'));
    res.headers.set('content-language', locale);
    res.headers.append('vary', 'Accept-Language');
    return res;
  });
  // Set before the handler runs, so they travel with the response it builds instead of rewriting it afterwards.
  app.use(async (c, next) => {
    c.set('deps', deps);
    for (const [name, value] of headerList) c.header(name, value);
    await next();
  });
  app.use(crossOrigin(deps.config.corsOrigins));
  const limitBody = bodyLimit({ maxSize: MAX_BODY, onError: (c) => fail(c, 413, ErrorCode.payloadTooLarge, 'The body is over 1 MB') });
  const limitImage = bodyLimit({ maxSize: MAX_IMAGE_BYTES, onError: (c) => fail(c, 413, ErrorCode.payloadTooLarge, 'The picture is over 8 MB') });
  // Reading a GET's body would make the Node adapter build a full Request for nothing, on the busiest routes.
  app.use((c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.path === '/api/images' ? limitImage(c, next) : limitBody(c, next);
  });
  app.use(identify);
  app.route('/', accountApp);
  app.route('/', usersApp);
  app.route('/', coursesApp);
  app.route('/', pricingApp);
  app.route('/', metaApp);
  app.route('/', launchApp);
  app.route('/', paymentsApp);
  app.route('/', receiptsApp);
  // The local PayPal stand-in (REST paths and JS SDK), only when no PayPal credentials are set.
  if (deps.paypalStandIn) app.route(PAYPAL_STANDIN_PATH, deps.paypalStandIn.app);
  // The local form stand-ins, only when a form service is not configured.
  if (deps.formsStandIn) app.route('/', deps.formsStandIn);
  app.route('/', attemptsApp);
  app.route('/', progressApp);
  app.route('/', certificatesApp);
  app.route('/', groupsApp);
  app.route('/', groupProgressApp);
  app.route('/', imagesApp);
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
  return app;
}
