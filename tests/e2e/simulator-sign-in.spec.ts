import { expect, test } from './fixtures.ts';
import { ADMIN, idTokenFor, login } from './helpers.ts';

const CASE = { course: 'fetoscopy-simulator', level: 1, case: 1 };

test('signed out at the end of a launched case: the learner is told, signs in in another tab, and sends the same attempt again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const idToken = await idTokenFor(ADMIN);
  const launched = await request.post('/api/launch', { headers: { authorization: `Bearer ${idToken}` }, data: CASE });
  expect(launched.status()).toBe(201);
  const { token } = (await launched.json()) as { token: string };
  const uid = (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const before = (await (await request.get(`/api/attempts?courseId=${CASE.course}`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as unknown[];

  // The launch link alone, in a browser where nobody is signed in.
  await page.goto(`/simulator?${new URLSearchParams({ userid: uid, course: CASE.course, level: '1', case: '1', lan: 'en', token })}`);
  await page.getByRole('button', { name: 'Open the fetoscopy' }).click();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Debrief' })).toBeFocused();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Final result' })).toBeFocused();
  await expect(page.locator('#sim-save')).toHaveText(/^You are signed out, so your result cannot be saved yet\./);
  const score = await page.locator('#sim-score').textContent();

  // Signing in opens in a new tab, so this one keeps the attempt.
  const signIn = page.getByRole('link', { name: 'Sign in (new tab)' });
  await expect(signIn).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), signIn.click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/login');
  await login(tab, ADMIN, new URL(tab.url()).pathname + new URL(tab.url()).search);
  await expect(tab).toHaveURL(new RegExp(`/courses/${CASE.course}$`));
  await tab.close();

  // Firebase hears of another tab's sign-in by polling its storage (about once a second): on a busy machine the first
  // press may come before it has, and says signed out again; a person presses once more.
  await expect(async () => {
    await page.getByRole('button', { name: 'Try saving again' }).click();
    await expect(page.locator('#sim-save')).toHaveText('Your result has been saved to your record.', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(signIn).toBeHidden();
  await expect(page.getByRole('button', { name: 'Try saving again' })).toBeHidden();
  await expect(page.locator('#sim-score')).toHaveText(score!);
  const after = (await (await request.get(`/api/attempts?courseId=${CASE.course}`, { headers: { authorization: `Bearer ${idToken}` } })).json()) as unknown[];
  expect(after).toHaveLength(before.length + 1);
});
