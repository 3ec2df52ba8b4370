import type { ActionCodeSettings, Auth } from 'firebase/auth';
import { answer, client } from '../api/client.ts';
import type { PublicConfig } from '../api/meta.ts';
import { localePath } from '../i18n/locales.ts';
import { pageLanguage } from './page-language.ts';

let config: Promise<PublicConfig> | null = null;
let auth: Promise<Auth> | null = null;

/** The server's public configuration, fetched once per page. */
export function publicConfig(): Promise<PublicConfig> {
  config ??= answer(client.config.$get());
  config.catch(() => {
    config = null;
  });
  return config;
}

/** Firebase Auth, loaded on first use with the configuration the server gives (the emulator locally). */
export function firebaseAuth(): Promise<Auth> {
  auth ??= (async () => {
    const [{ initializeApp }, authSdk, cfg] = await Promise.all([import('firebase/app'), import('firebase/auth'), publicConfig()]);
    // getAuth() with its popup resolver would load Google's iframe script on every phone page (Firebase preloads it on
    // mobile browsers); the resolver is handed to the Google popup alone, so the script loads only when that opens.
    const { indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence } = authSdk;
    const instance = authSdk.initializeAuth(initializeApp(cfg.firebase), {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    });
    if (cfg.authEmulatorUrl) authSdk.connectAuthEmulator(instance, cfg.authEmulatorUrl, { disableWarnings: true });
    // Firebase writes its emails (verification, password reset) and its action pages in this language.
    instance.languageCode = pageLanguage();
    return instance;
  })();
  auth.catch(() => {
    auth = null;
  });
  return auth;
}

/** Where an email's link returns once Firebase has acted on it: `path` of this site, in the language of the page that sent it. */
export function emailReturn(path: string): ActionCodeSettings {
  return { url: `${window.location.origin}${localePath(pageLanguage(), path)}` };
}
