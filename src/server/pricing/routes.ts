import { ErrorCode } from '../../api/errors.ts';
import { localizePlan } from '../../domain/localize.ts';
import { callerIsAdmin, requireAdmin } from '../access/caller.ts';
import { fail, invalid } from '../http/errors.ts';
import { takeBack } from '../http/round-trip.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { contentLocale } from '../http/content-locale.ts';
import { prepared } from '../http/answers.ts';
import { catalogueRequest } from '../courses/index.ts';
import type { Plan } from '../../api/pricing.ts';
import { activeSubscribers, createPlan, deletePlan, planExists, unknownCourses, updatePlan } from './queries.ts';
import * as routes from '../../api/pricing.ts';

/** /pricing: plans for everyone (hidden ones for admins only) and the admin's edits. */
export const pricingApp = subApp()
  .openapi(routes.list, async (c) => {
    const { catalogue, catalogueAnswer } = c.get('deps');
    if (!(await callerIsAdmin(c))) return prepared<Plan[]>((await catalogueAnswer.plans.read(undefined, catalogueRequest(c)))!);
    // Hidden plans too, for an administrator alone: never stored, like every answer about its caller.
    const locale = contentLocale(c);
    return c.json(
      (await catalogue.allPlans()).map((p) => localizePlan(p, locale)),
      200,
    );
  })
  .openapi(guarded(routes.create, requireAdmin), async (c) => {
    const body = c.req.valid('json');
    const db = c.get('deps').db.db;
    const unknown = await unknownCourses(db, body.courses);
    if (unknown.length) return invalid(c, [{ path: 'courses', message: `unknown course ${unknown.join(', ')}` }]);
    const plan = await createPlan(db, c.get('caller')!, body);
    // The course pages name the plans that open them.
    c.get('deps').catalogue.changed();
    return c.json(plan, 201);
  })
  .openapi(guarded(routes.update, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const taken = await takeBack(routes.PlanSave, c.req.valid('json'), () => ({ id }));
    if ('issues' in taken) return invalid(c, taken.issues);
    const db = c.get('deps').db.db;
    const unknown = await unknownCourses(db, taken.body.courses);
    if (unknown.length) return invalid(c, [{ path: 'courses', message: `unknown course ${unknown.join(', ')}` }]);
    const plan = await updatePlan(db, c.get('caller')!, id, taken.body);
    if (!plan) return fail(c, 404, ErrorCode.notFound, 'No such plan');
    c.get('deps').catalogue.changed();
    return c.json(plan, 200);
  })
  .openapi(guarded(routes.remove, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const outcome = await deletePlan(c.get('deps').db.db, c.get('caller')!, id);
    if (outcome.holders > 0) {
      const message = `Active subscribers holding this plan: ${outcome.holders}. It cannot be deleted until their subscriptions end. Hide it instead (visibility false): it is no longer sold, and they keep its courses until their end date`;
      return fail(c, 409, ErrorCode.conflict, message);
    }
    if (!outcome.deleted) return fail(c, 404, ErrorCode.notFound, 'No such plan');
    c.get('deps').catalogue.changed();
    return c.body(null, 204);
  })
  .openapi(guarded(routes.subscribers, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('deps').db.db;
    if (!(await planExists(db, id))) return fail(c, 404, ErrorCode.notFound, 'No such plan');
    return c.json({ planId: id, active: await activeSubscribers(db, id, new Date()) }, 200);
  });
