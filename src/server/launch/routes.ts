import { ErrorCode } from '../../api/errors.ts';
import { simulatorOf } from '../../domain/simulators.ts';
import { userEntitled } from '../access/entitlement.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireUser } from '../access/caller.ts';
import { verifyLaunchToken } from './launch-token.ts';
import { simulatorLimit } from '../http/simulator-limit.ts';
import { askedCase, assessmentOf, issued, refusedAccess } from './steps.ts';
import * as routes from '../../api/launch.ts';

/** /launch: signed, short-lived tokens that let a simulator trust who opens which case, and which placenta of it. */
export const launchApp = subApp()
  .openapi(guarded(routes.launch, requireUser), async (c) => {
    const body = c.req.valid('json');
    const uid = c.get('caller')!.uid;
    const limited = await simulatorLimit(c, uid);
    if (limited) return limited;
    const found = await askedCase(c, body);
    if (found instanceof Response) return found;
    const now = new Date();
    const refused = await refusedAccess(c, uid, found.course, body, now);
    if (refused) return refused;
    const assessment = await assessmentOf(c, uid, found.course.id, body.assessmentCode, now);
    if (assessment instanceof Response) return assessment;
    return issued(c, uid, body, found.stored, assessment, now);
  })
  .openapi(routes.verify, async (c) => {
    const { config, db } = c.get('deps');
    const claims = await verifyLaunchToken(config.launchSecret, c.req.valid('query').token);
    if (!claims) return fail(c, 401, ErrorCode.invalidToken, 'The launch token is invalid or expired');
    const entitled = await userEntitled(db.db, claims.uid, claims.course, new Date());
    const { uid, course, level, variant, sim } = claims;
    const task = claims.task ?? sim.task;
    const assessed = claims.assessment !== undefined;
    return c.json({ userid: uid, course, level, case: claims.case, variant, sim, task, simulator: simulatorOf(task), entitled, assessed }, 200);
  });
