/** Where Firebase keeps its signed-in user: this IndexedDB database and store, or Web Storage when IndexedDB is unavailable. */
const DATABASE = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';
const USER_KEY = 'firebase:authUser:';

/**
 * Our own mark that someone was signed in here when the session was last read, in Web Storage so that a script in the
 * page's head reads it at once (Firebase's IndexedDB cannot be read before the first paint): a signed-in page then
 * shows a loading state, not "Log in", until the session is read. Only a hint; the session decides.
 */
export const SIGNED_IN_HINT = 'signed-in';

/**
 * My learning as it was last read here, `{ uid, lang, value }` in Web Storage, shown at once on the next visit while the
 * session and the fresh answer are read. Kept only for the person signed in: gone when they sign out or someone else signs in.
 */
export const LEARNING_KEPT = 'learning-kept';

/** Keeps the hint (and what is kept for the person signed in) in step with the session just read: the signed-in uid, or null. */
export function rememberSignedIn(uid: string | null): void {
  try {
    if (uid) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
    const kept = localStorage.getItem(LEARNING_KEPT);
    if (kept && (JSON.parse(kept) as { uid?: unknown }).uid !== uid) localStorage.removeItem(LEARNING_KEPT);
  } catch {
    // Storage refused (private mode): pages show the signed-out text until the session is read, as before.
  }
}

/**
 * Whether this device may hold a signed-in Firebase user: false only when Firebase's stores surely hold none (never
 * signed in here, or signed out since), so a page can leave the Firebase SDK and the session islands unloaded. Read
 * straight from the stores, without the SDK; anything it cannot read counts as "maybe".
 */
export async function maybeSignedIn(): Promise<boolean> {
  try {
    if (inWebStorage(localStorage) || inWebStorage(sessionStorage)) return true;
    if (typeof indexedDB.databases !== 'function') return true;
    // Opened only once it is known to exist: opening creates a missing database.
    if (!(await indexedDB.databases()).some((db) => db.name === DATABASE)) return false;
    return await storedUser();
  } catch {
    return true;
  }
}

function inWebStorage(storage: Storage): boolean {
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(USER_KEY)) return true;
  return false;
}

function storedUser(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open(DATABASE);
    open.onerror = () => resolve(true);
    open.onsuccess = () => {
      const db = open.result;
      const answer = (maybe: boolean) => {
        db.close();
        resolve(maybe);
      };
      // A database without its store holds nobody (Firebase recreates it when it next opens it).
      if (!db.objectStoreNames.contains(STORE)) return answer(false);
      const keys = db.transaction(STORE, 'readonly').objectStore(STORE).getAllKeys();
      keys.onerror = () => answer(true);
      keys.onsuccess = () => answer(keys.result.some((key) => String(key).startsWith(USER_KEY)));
    };
  });
}
