import type { Caller } from './token.ts';
import type { Db } from '../db/client.ts';
import { addressKey } from '../../domain/addresses.ts';
import { addressVerified, markVerified, profileWithAddress, takeDirectorInvitations } from './queries.ts';

/**
 * Privileges follow verified addresses only: a role given by address (admin:grant, a group's director or member, an
 * invitation) reaches a profile only once Firebase has vouched for that address in a sign-in token.
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The profile whose verified address is `email` (compared as addressKey does); a profile that has not verified it is `unverified`. */
export async function profileByAddress(db: Pick<Db, 'select'>, email: string) {
  const key = addressKey(email);
  if (key === null) return null;
  const row = await profileWithAddress(db, key);
  if (!row) return null;
  return row.emailVerified ? row : ('unverified' as const);
}

/**
 * Turns the pending director invitations of `email` into memberships of `uid`, each with its audit entry (the invited person as
 * the actor), and deletes them. Call it once the address is verified, inside the transaction that says so.
 */
export async function claimInvitations(tx: Tx, caller: Pick<Caller, 'uid' | 'email'>, email: string): Promise<number> {
  // An address that NFKC changes claims nothing: `kate@\u212Aa-hosp.example` is not `kate@ka-hosp.example`.
  const key = addressKey(email);
  if (key === null) return 0;
  // A member's invitation waits for them to accept it in My learning; a director's is taken up with the address.
  return takeDirectorInvitations(tx, caller, key);
}

/**
 * Records that the caller's token vouches for the address of their profile (the first request after they opened the
 * verification link) and lets their invitations take effect; false when there was nothing new to record.
 */
export async function recordVerified(db: Db, caller: Caller): Promise<boolean> {
  const email = caller.email && addressKey(caller.email);
  if (!caller.emailVerified || !email) return false;
  // One read on the way of every own-record request; the transaction only the once it has something to record.
  if ((await addressVerified(db, caller.uid)) !== false) return false;
  return db.transaction(async (tx) => {
    if (!(await markVerified(tx, caller.uid, email))) return false;
    await claimInvitations(tx, caller, email);
    return true;
  });
}
