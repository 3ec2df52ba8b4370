// The language a signed-in person reads the site in, told to the server for what others mail them (a director's reminders).
import { answer, auth, client } from '../../api/client.ts';
import { isLocale } from '../../i18n/locales.ts';

/** The person and language last told, so a page in the same language sends nothing. */
const TOLD_KEY = 'reading-language';

/** Tells the server the page's language once per person and language on this device; a failure is tried on the next page. */
export async function tellReadingLanguage(uid: string, token: string): Promise<void> {
  const language = document.documentElement.lang;
  if (!isLocale(language)) return;
  const told = `${uid} ${language}`;
  try {
    if (localStorage.getItem(TOLD_KEY) === told) return;
    await answer(client.users.me.language.$put({ json: { language } }, auth(token)));
    localStorage.setItem(TOLD_KEY, told);
  } catch {
    // Storage refused or the server unreachable: the next signed-in page tells it again.
  }
}
