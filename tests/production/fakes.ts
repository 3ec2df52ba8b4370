import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { serve, type Served } from './serve.ts';

// PayPal's fake, written from PayPal's documentation, lives in its own files; the journeys and tests/api take it from here.
export { startPaypalFake, type CapturedOrder, type PaypalFake } from './paypal-fake.ts';

/**
 * Local services that answer as Google, PayPal and the form services do, for the server run in production mode. Each
 * listens on its own port of 127.0.0.1; the browser reaches Google's and PayPal's hosts through routes the journeys
 * set up, so the page's policy still names the real hosts.
 */

/** CORS as Google's and the form services' APIs answer it: any origin, with the headers the browser asks for. */
function cors(app: Hono) {
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin') ?? '*';
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': c.req.header('access-control-request-headers') ?? 'content-type',
        'access-control-max-age': '600',
      });
    }
    await next();
    c.res.headers.set('access-control-allow-origin', origin);
  });
}

interface Account {
  localId: string;
  email: string;
  password: string;
  displayName?: string;
  createdAt: number;
  /** Set once the verification link was opened (verifyEmail). */
  emailVerified?: boolean;
}

export interface GoogleFake extends Served {
  /** The key set's address (FIREBASE_KEYS_URL). */
  keysUrl: string;
  /** An ID token for an account, as Firebase issues it after sign-in. */
  idToken(localId: string): Promise<string>;
  /** Creates an account (signUp) or signs in (signInWithPassword) as the REST API does, and answers the ID token and uid. */
  account(call: 'signUp' | 'signInWithPassword', email: string, password: string): Promise<{ idToken: string; localId: string }>;
  /** Opens the verification link sent to `email`, as its owner would: that account's next ID tokens say email_verified. */
  verifyEmail(email: string): void;
  /** The ID tokens handed out, newest last. */
  issued: string[];
  /** The emails Firebase would have sent (address verifications, password resets), oldest first. */
  mail: Array<{ email: string; requestType: string }>;
}

/**
 * Google for Firebase Auth: an RS256 key set published as a JWKS, and the Identity Toolkit and Secure Token calls the
 * Firebase JS SDK makes for email accounts (signUp, signInWithPassword, lookup, update, sendOobCode, delete, token refresh). Paths are the
 * real ones prefixed by the host they belong to (`/identitytoolkit.googleapis.com/v1/accounts:signUp`).
 */
export async function startGoogleFake(projectId: string, apiKey: string): Promise<GoogleFake> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, Account>();
  const refreshTokens = new Map<string, string>();
  const issued: string[] = [];
  const mail: GoogleFake['mail'] = [];

  async function idToken(localId: string): Promise<string> {
    const account = accounts.get(localId);
    if (!account) throw new Error(`No account ${localId}`);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      ...(account.displayName ? { name: account.displayName } : {}),
      user_id: localId,
      auth_time: now,
      email: account.email,
      email_verified: account.emailVerified === true,
      firebase: { identities: { email: [account.email] }, sign_in_provider: 'password' },
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(`https://securetoken.google.com/${projectId}`)
      .setAudience(projectId)
      .setSubject(localId)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey as CryptoKey);
    issued.push(token);
    return token;
  }

  async function session(account: Account) {
    const refreshToken = randomUUID();
    refreshTokens.set(refreshToken, account.localId);
    return { idToken: await idToken(account.localId), refreshToken, expiresIn: '3600', localId: account.localId, email: account.email };
  }

  function uidOf(token: unknown): string | null {
    if (typeof token !== 'string') return null;
    const sub = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || 'null') as { sub?: string } | null)?.sub;
    return sub && accounts.has(sub) ? sub : null;
  }

  const refuse = (c: Context, message: string) => c.json({ error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } }, 400);
  const profile = (a: Account) => ({
    localId: a.localId,
    email: a.email,
    displayName: a.displayName,
    emailVerified: a.emailVerified === true,
    passwordUpdatedAt: a.createdAt,
    providerUserInfo: [{ providerId: 'password', email: a.email, federatedId: a.email, rawId: a.email, displayName: a.displayName }],
    validSince: String(Math.floor(a.createdAt / 1000)),
    createdAt: String(a.createdAt),
    lastLoginAt: String(Date.now()),
  });

  const app = new Hono();
  cors(app);
  app.get('/keys', (c) => c.json({ keys: [jwk] }, 200, { 'cache-control': 'public, max-age=3600' }));
  const toolkit = new Hono();
  toolkit.use('*', async (c, next) => {
    if (c.req.query('key') !== apiKey) return refuse(c, 'API key not valid. Please pass a valid API key.');
    await next();
  });
  toolkit.post('/v1/accounts:signUp', async (c) => {
    const { email, password } = (await c.req.json()) as { email?: string; password?: string };
    if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) return refuse(c, 'INVALID_EMAIL');
    if (!password || password.length < 6) return refuse(c, 'WEAK_PASSWORD : Password should be at least 6 characters');
    if ([...accounts.values()].some((a) => a.email === email.toLowerCase())) return refuse(c, 'EMAIL_EXISTS');
    const account: Account = { localId: randomUUID().replaceAll('-', '').slice(0, 28), email: email.toLowerCase(), password, createdAt: Date.now() };
    accounts.set(account.localId, account);
    return c.json({ kind: 'identitytoolkit#SignupNewUserResponse', ...(await session(account)) });
  });
  toolkit.post('/v1/accounts:signInWithPassword', async (c) => {
    const { email, password } = (await c.req.json()) as { email?: string; password?: string };
    const account = [...accounts.values()].find((a) => a.email === email?.toLowerCase());
    if (!account || account.password !== password) return refuse(c, 'INVALID_LOGIN_CREDENTIALS');
    return c.json({ kind: 'identitytoolkit#VerifyPasswordResponse', registered: true, displayName: account.displayName ?? '', ...(await session(account)) });
  });
  toolkit.post('/v1/accounts:lookup', async (c) => {
    const uid = uidOf(((await c.req.json()) as { idToken?: string }).idToken);
    if (!uid) return refuse(c, 'INVALID_ID_TOKEN');
    return c.json({ kind: 'identitytoolkit#GetAccountInfoResponse', users: [profile(accounts.get(uid)!)] });
  });
  toolkit.post('/v1/accounts:update', async (c) => {
    const body = (await c.req.json()) as { idToken?: string; displayName?: string; password?: string; returnSecureToken?: boolean };
    const uid = uidOf(body.idToken);
    if (!uid) return refuse(c, 'INVALID_ID_TOKEN');
    const account = accounts.get(uid)!;
    if (body.password !== undefined && body.password.length < 6) return refuse(c, 'WEAK_PASSWORD : Password should be at least 6 characters');
    if (body.displayName !== undefined) account.displayName = body.displayName;
    if (body.password !== undefined) account.password = body.password;
    const { validSince: _v, createdAt: _c, lastLoginAt: _l, ...rest } = profile(account);
    return c.json({ kind: 'identitytoolkit#SetAccountInfoResponse', ...rest, ...(body.returnSecureToken ? await session(account) : {}) });
  });
  toolkit.post('/v1/accounts:sendOobCode', async (c) => {
    const body = (await c.req.json()) as { requestType?: string; idToken?: string; email?: string };
    const email = body.requestType === 'VERIFY_EMAIL' ? accounts.get(uidOf(body.idToken) ?? '')?.email : body.email?.toLowerCase();
    if (body.requestType === 'VERIFY_EMAIL' && !email) return refuse(c, 'INVALID_ID_TOKEN');
    if (body.requestType !== 'VERIFY_EMAIL' && body.requestType !== 'PASSWORD_RESET') return refuse(c, 'INVALID_REQ_TYPE');
    // Like Firebase, a reset for an unknown address is answered as sent (nobody learns which addresses have accounts).
    if (email && [...accounts.values()].some((a) => a.email === email)) mail.push({ email, requestType: body.requestType });
    return c.json({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: email ?? body.email });
  });
  toolkit.post('/v1/accounts:delete', async (c) => {
    const uid = uidOf(((await c.req.json()) as { idToken?: string }).idToken);
    if (!uid) return refuse(c, 'INVALID_ID_TOKEN');
    accounts.delete(uid);
    return c.json({ kind: 'identitytoolkit#DeleteAccountResponse' });
  });
  app.route('/identitytoolkit.googleapis.com', toolkit);
  app.post('/securetoken.googleapis.com/v1/token', async (c) => {
    if (c.req.query('key') !== apiKey) return refuse(c, 'API key not valid. Please pass a valid API key.');
    const form = new URLSearchParams(await c.req.text());
    const uid = refreshTokens.get(form.get('refresh_token') ?? '');
    if (form.get('grant_type') !== 'refresh_token' || !uid) return refuse(c, 'INVALID_REFRESH_TOKEN');
    const token = await idToken(uid);
    return c.json({
      access_token: token,
      expires_in: '3600',
      token_type: 'Bearer',
      refresh_token: form.get('refresh_token'),
      id_token: token,
      user_id: uid,
      project_id: projectId,
    });
  });

  const served = await serve(app.fetch);
  return {
    ...served,
    keysUrl: `${served.url}/keys`,
    idToken,
    issued,
    mail,
    verifyEmail(email) {
      const account = [...accounts.values()].find((a) => a.email === email.toLowerCase());
      if (!account) throw new Error(`No account ${email}`);
      account.emailVerified = true;
    },
    async account(call, email, password) {
      const res = await app.request(`/identitytoolkit.googleapis.com/v1/accounts:${call}?key=${apiKey}`, {
        method: 'POST',
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      });
      if (!res.ok) throw new Error(`${call} of ${email} refused: ${await res.text()}`);
      return (await res.json()) as { idToken: string; localId: string };
    },
  };
}

export interface FormsFake extends Served {
  /** What each form service received, in order. */
  received: Array<{ path: string; origin: string | null; body: Record<string, string> }>;
}

/** The form-mail and form-submission services: any path takes a JSON message, keeps it and answers success. */
export async function startFormsFake(): Promise<FormsFake> {
  const received: FormsFake['received'] = [];
  const app = new Hono();
  cors(app);
  app.post('*', async (c) => {
    received.push({ path: c.req.path, origin: c.req.header('origin') ?? null, body: (await c.req.json()) as Record<string, string> });
    return c.json({ success: true, message: 'The form was submitted successfully.' });
  });
  return { ...(await serve(app.fetch)), received };
}
