/** Where Firebase keeps its signed-in user: this IndexedDB database and store, or Web Storage when IndexedDB is unavailable. */
const DATABASE = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';
const USER_KEY = 'firebase:authUser:';

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
