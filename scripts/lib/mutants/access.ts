import type { Mutant } from './mutant.ts';

const ACCESS = 'src/server/access/groups.ts';
const CALLER = 'src/server/access/caller.ts';
/** Where access reads the database (the directors, the administrators). */
const ACCESS_SQL = 'src/server/access/queries.ts';
const AUTH = 'src/server/access/token.ts';
const RECORDS = ['tests/api/cross/learning-access.test.ts', 'tests/api/groups/groups.test.ts'];

/** Who is calling and what they may do: tokens, administrators, directors, entitlement and proficiency order. */
export const ACCESS_RULES: Mutant[] = [
  {
    id: 'read-user-admin-refused',
    file: ACCESS,
    from: '  if (await callerIsAdmin(c)) return true;\n',
    to: '',
    tests: RECORDS,
    why: "administrators can no longer read a learner's record",
  },
  {
    id: 'read-user-by-fellow-member',
    file: ACCESS_SQL,
    from: "eq(directorRow.role, 'director')",
    to: "eq(directorRow.role, 'member')",
    tests: RECORDS,
    why: "a group's members read each other's records instead of its directors",
  },
  {
    id: 'read-user-co-director',
    file: ACCESS_SQL,
    from: "and(eq(groupMembers.userId, uid), eq(groupMembers.role, 'member'))",
    to: 'eq(groupMembers.userId, uid)',
    tests: [...RECORDS, 'tests/api/groups/directors.test.ts'],
    why: 'a director reads the record of a fellow director, who is not a member of the group',
  },
  {
    id: 'group-visible-to-members',
    file: ACCESS_SQL,
    from: "return row?.role === 'director';",
    to: 'return row !== undefined;',
    tests: RECORDS,
    why: "a group's members see it, its progress and its CSV export like its directors",
  },
  {
    id: 'group-hidden-from-admins',
    file: ACCESS,
    from: 'if (!(await callerIsAdmin(c)) && !(await directsGroup(',
    to: 'if (!(await directsGroup(',
    tests: RECORDS,
    why: 'administrators see only the groups they direct',
  },
  {
    id: 'admin-is-any-profile',
    file: ACCESS_SQL,
    from: 'return row?.isAdmin === true;',
    to: 'return row !== undefined;',
    tests: ['tests/api/cross/access.test.ts'],
    why: 'every signed-in user with a profile passes as an administrator',
  },
  {
    id: 'admin-routes-open',
    file: CALLER,
    from: "  if (!(await callerIsAdmin(c))) return fail(c, 403, ErrorCode.forbidden, 'Administrators only');\n",
    to: '',
    tests: ['tests/api/cross/access.test.ts'],
    why: 'any signed-in caller passes requireAdmin',
  },
  {
    id: 'unsigned-tokens-in-production',
    file: AUTH,
    from: 'Boolean(config.authEmulatorHost) && !config.production',
    to: 'Boolean(config.authEmulatorHost)',
    tests: ['tests/api/cross/access.test.ts', 'tests/api/cross/errors.test.ts'],
    why: "production accepts the emulator's unsigned tokens when the emulator host is set",
  },
  {
    id: 'unsigned-token-issuer-unchecked',
    file: AUTH,
    from: 'payload.aud !== projectId || payload.iss !== issuer',
    to: 'payload.aud !== projectId',
    tests: ['tests/api/cross/errors.test.ts'],
    why: "an unsigned token from another project's issuer is a caller",
  },
  {
    id: 'unsigned-token-expiry-unchecked',
    file: AUTH,
    from: "        if (typeof payload.exp !== 'number' || payload.exp <= now) return null;\n",
    to: '',
    tests: ['tests/api/cross/errors.test.ts'],
    why: 'an expired unsigned token, or one that never expires, is a caller',
  },
  {
    id: 'last-admin-removable',
    file: 'src/server/access/admins.ts',
    from: 'admins.length <= 1',
    to: 'admins.length < 1',
    tests: ['tests/api/users/admin-search.test.ts', 'tests/api/account/account.test.ts'],
    why: 'the only administrator can be demoted or deleted, leaving nobody to run the site',
  },
  {
    id: 'launch-without-entitlement',
    file: 'src/server/launch/steps.ts',
    from: 'if (!(await userEntitled(db, uid, body.course, now))) return fail(',
    to: 'if (false) return fail(',
    tests: ['tests/api/launch/launch.test.ts'],
    why: 'anyone signed in launches the cases of a course no plan of theirs includes',
  },
  {
    id: 'attempt-without-entitlement',
    file: 'src/server/attempts/submit.ts',
    from: 'if (!(await userEntitled(db.db, claims.uid, claims.course, now))) {',
    to: 'if (false) {',
    tests: ['tests/api/attempts/attempts.test.ts'],
    why: 'an attempt is stored after the subscription that allowed its launch has ended',
  },
  {
    id: 'attempt-by-another-user',
    file: 'src/server/attempts/submit.ts',
    from: "if (claims.uid !== c.get('caller')!.uid) return fail(",
    to: 'if (false) return fail(',
    tests: ['tests/api/attempts/attempts.test.ts'],
    why: 'whoever holds a launch link, which sits in the page address, sends an attempt in its learner’s name',
  },
  {
    id: 'order-holds-admins-back',
    file: 'src/server/progress/records.ts',
    from: '  if (user?.isAdmin) return null;\n',
    to: '',
    tests: ['tests/api/progress/progress.test.ts', 'tests/api/launch/launch.test.ts'],
    why: 'proficiency order refuses administrators a closed case',
  },
];
