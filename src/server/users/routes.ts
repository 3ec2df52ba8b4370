import { ErrorCode } from '../../api/errors.ts';
import { addressKey } from '../../domain/addresses.ts';
import { toUser } from './user-row.ts';
import { createProfile, findUsers, saveUser } from './queries.ts';
import { recordVerified } from '../access/verified.ts';
import { signUpLimit } from '../http/rate-limit.ts';
import { callerIsAdmin, requireAdmin, requireUser } from '../access/caller.ts';
import { fail, invalid } from '../http/errors.ts';
import { takeBack } from '../http/round-trip.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import * as routes from '../../api/users.ts';

/** /users: the caller's own record, sign-up, and the admin's search and save. */
export const usersApp = subApp()
  .openapi(guarded(routes.find, requireAdmin), async (c) => {
    const { email, limit, offset } = c.req.valid('query');
    const rows = await findUsers(c.get('deps').db.db, { email, limit, offset });
    return c.json(rows.map(toUser), 200);
  })
  .openapi(guarded(routes.get, requireUser), async (c) => {
    const { id } = c.req.valid('param');
    if (c.get('caller')?.uid !== id && !(await callerIsAdmin(c))) {
      return fail(c, 403, ErrorCode.forbidden, 'You may only read your own record');
    }
    const { userCache, db } = c.get('deps');
    // The first own-record read after the address was verified records it, and the address's invitations take effect;
    // once the record kept in memory says so, the read is answered without the database, as before verification was kept.
    if (c.get('caller')?.uid === id && !(await userCache.verified(id)) && (await recordVerified(db.db, c.get('caller')!))) userCache.forget(id);
    const user = await userCache.get(id);
    if (!user) return fail(c, 404, ErrorCode.notFound, 'No such user');
    return c.json(user, 200);
  })
  .openapi(guarded(routes.create, requireUser, signUpLimit()), async (c) => {
    const body = c.req.valid('json');
    const caller = c.get('caller')!;
    if (body.id !== caller.uid) return fail(c, 403, ErrorCode.forbidden, 'You may only create your own record');
    // The address is the verified token's, never the body's: a profile claiming someone else's could be made an admin.
    if (!caller.email) return fail(c, 403, ErrorCode.forbidden, 'This sign-in carries no email address, and a profile needs one: sign up with email or Google');
    // Compared as every address is (addressKey); one that NFKC changes (a look-alike letter such as the Kelvin sign) is refused.
    const key = addressKey(caller.email);
    if (key === null)
      return invalid(c, [{ path: 'email', message: 'is not in Unicode normal form (NFKC): sign up with the address as it is usually written' }]);
    if (key !== addressKey(body.email)) return invalid(c, [{ path: 'email', message: 'does not match the signed-in account' }]);
    const row = await createProfile(c.get('deps').db.db, { ...caller, email: caller.email }, body);
    if (typeof row !== 'string') return c.json(toUser(row), 201);
    return fail(c, 409, ErrorCode.conflict, row === 'exists' ? 'This user already exists' : 'Another profile already has this email address');
  })
  .openapi(guarded(routes.update, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const taken = await takeBack(routes.UserSave, c.req.valid('json'), () => c.get('deps').userCache.get(id));
    if ('issues' in taken) return invalid(c, taken.issues);
    const body = taken.body;
    const caller = c.get('caller')!;
    const outcome = await saveUser(c.get('deps').db.db, caller, id, body);
    if (outcome === 'missing') return fail(c, 404, ErrorCode.notFound, 'No such user');
    if (outcome === 'last-admin') {
      return fail(c, 409, ErrorCode.lastAdmin, 'The last administrator cannot lose the admin flag: make someone else an admin first');
    }
    if (outcome === 'unverified') {
      return fail(
        c,
        409,
        ErrorCode.emailUnverified,
        'This person has not verified their address yet: ask them to verify it before making them an administrator',
      );
    }
    c.get('deps').userCache.forget(id);
    // The course pages show the experts' pass marks, which count only experts' attempts.
    if (body.isExpert !== undefined) c.get('deps').catalogue.changed();
    return c.json(toUser(outcome), 200);
  });
