import { ar } from '../../src/i18n/ar.ts';
import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, formReady, idTokenFor, LEARNER, login, oobCodes, uniqueEmail, axe } from './helpers.ts';

test('a visitor signs up, logs out and logs back in', async ({ page, request }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await formReady(page, 'Sign up');
  await page.getByLabel('Name', { exact: true }).fill('Maria');
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('Phone').fill('+34 600 000 000');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Repeat password').fill('secret1');
  await page.getByLabel('I have read and accept the terms of use and the privacy notice').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/learning$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  const token = await idTokenFor({ email, password: 'secret1' });
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  const record = await request.get(`/api/users/${payload.sub}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await record.json()).toMatchObject({ email, name: 'Maria Lopez', contact: '+34 600 000 000', isAdmin: false, isPremium: false });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await login(page, { email, password: 'secret1' });
  await page.goto('/login');
  await expect(page).toHaveURL(/\/learning$/);
});

test('signup shows each rule next to its field and creates nothing', async ({ page }) => {
  await page.goto('/signup');
  await formReady(page, 'Sign up');
  await page.getByLabel('Name', { exact: true }).fill(' ');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Repeat password').fill('abd');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Enter a user name')).toBeVisible();
  await expect(page.getByText('Enter a user last name')).toBeVisible();
  await expect(page.getByText('Enter an email')).toBeVisible();
  await expect(page.getByText('The password must have at least 6 characters')).toBeVisible();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await expect(page.getByText('Accept the terms of use to create your account')).toBeVisible();
  await expect(page.getByLabel('I have read and accept the terms of use and the privacy notice')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/signup$/);
});

test('signing up with an email already in use says so', async ({ page }) => {
  await page.goto('/es/signup');
  await formReady(page, 'Registrarse');
  await page.getByLabel('Nombre').fill('Lea');
  await page.getByLabel('Apellido').fill('Learner');
  await page.getByLabel('Correo electrónico').fill(LEARNER.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('whatever1');
  await page.getByLabel('Repetir contraseña').fill('whatever1');
  await page.getByLabel('He leído y acepto los términos de uso y el aviso de privacidad').check();
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ya existe una cuenta con este correo.');
});

test('a wrong password shows a message and an empty field does nothing', async ({ page }) => {
  await page.goto('/login');
  await formReady(page, 'Log in');
  await page.getByLabel('Email').fill(LEARNER.email);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(page.getByLabel('Email')).toHaveValue(LEARNER.email);
});

test('a forgotten password is reset through the emailed link', async ({ page }) => {
  const email = uniqueEmail('reset');
  await page.goto('/signup');
  await formReady(page, 'Sign up');
  await page.getByLabel('Name', { exact: true }).fill('Rita');
  await page.getByLabel('Last name').fill('Reset');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass');
  await page.getByLabel('Repeat password').fill('first-pass');
  await page.getByLabel('I have read and accept the terms of use and the privacy notice').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByRole('status')).toContainText('reset link');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Sign-up also sent a verification link: the reset is the other one.
  const codes = await oobCodes(email);
  expect(codes.map((c) => c.requestType)).toEqual(['VERIFY_EMAIL', 'PASSWORD_RESET']);
  const code = codes[1];
  // The link returns to the login page of the language the reset was asked in (English here).
  expect(new URL(new URL(code!.oobLink).searchParams.get('continueUrl')!).pathname).toBe('/login');
  // The emulator's reset page takes the new password as a query parameter, then follows that return link.
  await page.goto(`${code!.oobLink}&newPassword=second-pass`);
  await expect(page).toHaveURL(/\/login$/);

  await login(page, { email, password: 'second-pass' });
});

test('the admin sees the Admin menu and a learner does not', async ({ page }) => {
  await login(page, ADMIN);
  await page.getByRole('button', { name: 'Admin' }).hover();
  await expect(page.getByRole('link', { name: 'Manage users' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await login(page, LEARNER);
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage users' })).toHaveCount(0);
});

test('Google sign-in goes through the local stand-in chooser and creates the user record on first sign-in only', async ({ page, request }) => {
  const email = uniqueEmail('google');
  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Sign in with Google' });
  await google.click();
  const chooser = page.getByRole('dialog', { name: 'Sign in with Google (local stand-in)' });
  await expect(chooser.getByLabel('Email')).toBeFocused();
  await axe(page);
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await expect(chooser.getByRole('alert')).toHaveText('This email address is not valid.');
  await chooser.getByLabel('Email').fill(email);
  await chooser.getByLabel('Name').fill('Gina Google');
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/learning$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  const admin = await idTokenFor(ADMIN);
  const found = await request.get(`/api/users?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${admin}` } });
  const users = (await found.json()) as Array<{ id: string; email: string; isAdmin: boolean; name: string }>;
  expect(users).toHaveLength(1);
  expect(users[0]).toMatchObject({ email, isAdmin: false, name: '' });
  // The emulator holds a Google account with the name typed in the chooser.
  const lookup = await fetch(`${e2e.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: [users[0]!.id] }),
  });
  const [account] = ((await lookup.json()) as { users: Array<{ displayName?: string; providerUserInfo: Array<{ providerId: string }> }> }).users;
  expect(account).toMatchObject({ displayName: 'Gina Google', providerUserInfo: [{ providerId: 'google.com' }] });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // The same account again, in Arabic on a phone: Escape closes the chooser, and the second sign-in finds the record.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/login');
  const arabicGoogle = page.getByRole('button', { name: ar['login.google'] });
  await arabicGoogle.click();
  const arabicChooser = page.getByRole('dialog', { name: ar['login.standIn.title'] });
  await expect(arabicChooser).toBeVisible();
  await expectFitsWidth(page);
  await axe(page);
  await page.keyboard.press('Escape');
  await expect(arabicChooser).toBeHidden();
  await expect(arabicGoogle).toBeFocused();
  await page.keyboard.press('Enter');
  await arabicChooser.getByLabel(ar['common.email']).fill(email);
  await arabicChooser.getByRole('button', { name: ar['login.standIn.continue'] }).press('Enter');
  await expect(page).toHaveURL(/\/ar\/learning$/);
  await page.getByRole('button', { name: ar['nav.menu'] }).click();
  await expect(page.getByRole('button', { name: ar['nav.logout'] })).toBeVisible();
  const again = await request.get(`/api/users?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(await again.json()).toHaveLength(1);
});

test('the Google stand-in opens again when asked before the closed one has said it closed', async ({ page }) => {
  await page.goto('/login');
  const chooser = page.getByRole('dialog', { name: 'Sign in with Google (local stand-in)' });
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(chooser.getByLabel('Email')).toBeFocused();
  // A quick Escape then Enter: the dialog closes at once, but its close event is a task that comes after the second
  // press. Closing and clicking in one task makes that order certain.
  await page.evaluate(() => {
    document.querySelector('dialog')!.close();
    document.querySelector<HTMLButtonElement>('.button-google')!.click();
  });
  await expect(chooser.getByLabel('Email')).toBeFocused();
  await expect(chooser).toHaveCount(1);
});

test('the language selector keeps the page and remembers the choice; Arabic reads right to left', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('.lang-picker summary').click();
  await page.getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/\/ar\/login$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل الدخول');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
});
