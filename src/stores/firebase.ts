import type { Auth } from 'firebase/auth';
import { answer, client } from '../api/client.ts';
import type { PublicConfig } from '../api/meta.ts';

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
    const instance = authSdk.getAuth(initializeApp(cfg.firebase));
    if (cfg.authEmulatorUrl) authSdk.connectAuthEmulator(instance, cfg.authEmulatorUrl, { disableWarnings: true });
    return instance;
  })();
  auth.catch(() => {
    auth = null;
  });
  return auth;
}
