import { ErrorCode } from '../../api/errors.ts';
import { eventLogStream } from './event-logs.ts';
import { billingOf, deleteAccount, heldAbout, recordConsent, saveBillingOf, saveLanguageOf, updateProfile } from './queries.ts';
import { trailFor } from '../audit/index.ts';
import { fail } from '../http/errors.ts';
import { contentLocale } from '../http/content-locale.ts';
import { subscriptionTitle } from '../../domain/localize.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireUser } from '../access/caller.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { receiptOf } from '../receipts/index.ts';
import { toUser } from '../users/index.ts';
import * as routes from '../../api/account.ts';
import { API_BASE } from '../../api/paths.ts';

/** /users/me: the caller's own profile, a copy of everything we hold about them, and deleting their account. */
export const accountApp = subApp()
  .openapi(guarded(routes.updateMe, requireUser), async (c) => {
    const { name, contact } = c.req.valid('json');
    const caller = c.get('caller')!;
    const updated = await updateProfile(c.get('deps').db.db, caller, { name, contact });
    if (!updated) return fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
    c.get('deps').userCache.forget(caller.uid);
    return c.json(toUser(updated), 200);
  })
  .openapi(guarded(routes.billing, requireUser), async (c) => {
    const found = await billingOf(c.get('deps').db.db, c.get('caller')!.uid);
    return found ? c.json(found, 200) : fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
  })
  .openapi(guarded(routes.saveBilling, requireUser), async (c) => {
    const saved = await saveBillingOf(c.get('deps').db.db, c.get('caller')!, c.req.valid('json'));
    return saved ? c.json(saved, 200) : fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
  })
  .openapi(guarded(routes.saveLanguage, requireUser), async (c) => {
    const saved = await saveLanguageOf(c.get('deps').db.db, c.get('caller')!.uid, c.req.valid('json').language);
    return saved ? c.body(null, 204) : fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
  })
  .openapi(guarded(routes.acceptTerms, requireUser), async (c) => {
    const uid = c.get('caller')!.uid;
    const row = await recordConsent(c.get('deps').db.db, uid, c.req.valid('json').acceptedTerms);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
    c.get('deps').userCache.forget(uid);
    return c.json(toUser(row), 200);
  })
  .openapi(guarded(routes.subscriptionTitles, requireUser), async (c) => {
    const locale = contentLocale(c);
    const { userCache, catalogue } = c.get('deps');
    const user = await userCache.get(c.get('caller')!.uid);
    if (!user) return fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
    const plans = await catalogue.allPlans();
    const titles = user.subscriptions.map((s) => ({ subscriptionId: s.subscription_id, title: subscriptionTitle(s, plans, locale) }));
    return c.json(titles, 200, { 'cache-control': 'private, no-store' });
  })
  .openapi(guarded(routes.exportMe, requireUser, rateLimit(LIMITS.exports)), async (c) => {
    const uid = c.get('caller')!.uid;
    const { db, config } = c.get('deps');
    const held = await heldAbout(db.db, uid);
    if (!held) return fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
    const { profile, payments, played, earned, memberships, trail } = held;
    const body = {
      exportedAt: new Date().toISOString(),
      profile: { ...toUser(profile), createdAt: profile.createdAt.toISOString() },
      // What the person agreed to on signing up (domain/legal.ts), null for accounts made before it was asked.
      consent: profile.termsVersion ? { termsVersion: profile.termsVersion, acceptedAt: profile.termsAcceptedAt?.toISOString() ?? null } : null,
      payments: payments.map((o) => ({
        orderId: o.id,
        planId: o.planId,
        amount: o.amount,
        currency: o.currency,
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        receipt: o.status === 'COMPLETED' ? receiptOf(o, config.seller, 'en') : null,
      })),
      attempts: played.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      eventLogs: {
        path: `${API_BASE}${routes.EVENT_LOGS_PATH}`,
        format: 'gzip-compressed NDJSON, one line per attempt with hasLog: { attemptId, createdAt, log }',
      },
      certificates: earned,
      groups: memberships,
      // What the caller did to other people's records is theirs to know, but those records' contents are not.
      audit: trailFor(trail, { uid, email: profile.email }),
    };
    return c.json(body, 200, { 'content-disposition': 'attachment; filename="my-data.json"', 'cache-control': 'private, no-store' });
  })
  .openapi(guarded(routes.exportLogs, requireUser, rateLimit(LIMITS.exportLogs)), async (c) => {
    const uid = c.get('caller')!.uid;
    const { db } = c.get('deps');
    if (!(await c.get('deps').userCache.get(uid))) return fail(c, 404, ErrorCode.notFound, 'Your account has no profile yet: finish signing up first');
    return c.body(eventLogStream(db.db, uid), 200, {
      'content-type': 'application/gzip',
      'content-disposition': 'attachment; filename="my-attempt-logs.ndjson.gz"',
      'cache-control': 'private, no-store',
    });
  })
  .openapi(guarded(routes.deleteMe, requireUser), async (c) => {
    const caller = c.get('caller')!;
    const uid = caller.uid;
    const outcome = await deleteAccount(c.get('deps').db.db, caller);
    if (outcome === 'missing') return fail(c, 404, ErrorCode.notFound, 'Your account has no profile to delete');
    if (outcome === 'last-admin')
      return fail(c, 409, ErrorCode.lastAdmin, 'You are the only administrator: make someone else an administrator before deleting your account');
    c.get('deps').userCache.forget(uid);
    // An expert's attempts set the pass marks the cached course pages show.
    if (outcome === 'deleted-expert') c.get('deps').catalogue.changed();
    return c.body(null, 204);
  });
