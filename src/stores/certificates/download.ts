// A certificate's PDF, downloaded by its holder, their directors or an administrator.
import type { Locale } from '../../i18n/locales.ts';
import { auth, client, download, enc } from '../../api/client.ts';
import { saveFile } from '../save-file.ts';
import { idToken } from '../session.ts';

/** Downloads a certificate's PDF in the page's language; false when it failed. */
export async function downloadCertificate(id: string, lang: Locale): Promise<boolean> {
  try {
    saveFile(await download(client.certificates[':id'].pdf.$get({ param: { id: enc(id) }, query: { lang } }, auth(await idToken()))));
    return true;
  } catch {
    return false;
  }
}
