import type { Db } from '../db/client.ts';
import { lockAdmins, lockUser, makeAdmin, profilesOf } from './queries.ts';

/**
 * Locks a user's row, inside a transaction, for a change that may take an administrator away (a demotion, a
 * deletion). Every admin row is locked first, in id order, so two such changes at once run one after the other and
 * the second sees the first's result. Answers the row, `missing`, or `last-admin` when the change would leave none.
 */
export async function lockKeepingAnAdmin(tx: Pick<Db, 'select'>, uid: string, removesAdmin: boolean) {
  const admins = removesAdmin ? await lockAdmins(tx) : [];
  const row = await lockUser(tx, uid);
  if (!row) return 'missing' as const;
  if (removesAdmin && row.isAdmin && admins.length <= 1) return 'last-admin' as const;
  return row;
}

/**
 * What npm run admin:grant does with its argument (a uid, or an email that must match exactly one profile, which must
 * have verified it): makes that
 * account an administrator, with an audit entry. Answers the line to print, and whether it is a refusal (stderr, exit 1).
 */
export async function grantAdmin(db: Db, target: string): Promise<{ ok: boolean; message: string }> {
  const byEmail = target.includes('@');
  const found = await profilesOf(db, target, byEmail);
  const [user] = found;
  if (!user) {
    return {
      ok: false,
      message: `No account with the ${byEmail ? 'email' : 'uid'} ${target}: sign up on the site first, then run this again. Nothing changed.`,
    };
  }
  if (found.length > 1) {
    return {
      ok: false,
      message: `${found.length} accounts have the email ${target} (${found.map((u) => u.id).join(', ')}): pass the uid of the right one. Nothing changed.`,
    };
  }
  if (byEmail && !user.emailVerified) {
    return {
      ok: false,
      message: `The account with the email ${target} (uid ${user.id}) has not verified its address, so nobody knows it is theirs: ask them to open the link in the verification email and sign in again, then run this again (or pass the uid if you know whose account it is). Nothing changed.`,
    };
  }
  const who = `${user.email || '(no email)'} (uid ${user.id}, ${user.name || 'no name'})`;
  if (user.isAdmin) return { ok: true, message: `${who} is already an administrator. Nothing changed.` };
  await makeAdmin(db, user.id);
  return { ok: true, message: `${who} is now an administrator.` };
}
