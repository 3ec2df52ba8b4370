import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../../api/client.ts';
import type { AuditEntry } from '../../api/audit.ts';
import type { Plan } from '../../api/pricing.ts';
import type { User } from '../../api/users.ts';
import { adminSubscription, searchKind } from '../../domain/admin-subscription.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { $session, idToken, setProfile } from '../session.ts';

export interface AdminUsersState {
  searching: boolean;
  notFound: 'email' | 'uid' | null;
  searchError: ErrorKey<'adminUsers'> | null;
  /** The user as the server last answered it, and the admin's local edits of it. */
  saved: User | null;
  draft: User | null;
  saving: boolean;
  saveError: ErrorKey<'adminUsers'> | null;
  justSaved: boolean;
  plans: Plan[] | null;
  plansError: boolean;
  history: AuditEntry[] | null;
  historyError: boolean;
}

const initial: AdminUsersState = {
  searching: false,
  notFound: null,
  searchError: null,
  saved: null,
  draft: null,
  saving: false,
  saveError: null,
  justSaved: false,
  plans: null,
  plansError: false,
  history: null,
  historyError: false,
};

/** The /admin-users screen: the user found, the admin's unsaved edits, plans for titles, the user's history. */
export const $adminUsers = atom<AdminUsersState>(initial);

const patch = (p: Partial<AdminUsersState>) => $adminUsers.set({ ...$adminUsers.get(), ...p });

/** True when the draft differs from what the server holds. */
export function isDirty(state: AdminUsersState): boolean {
  return JSON.stringify(state.draft) !== JSON.stringify(state.saved);
}

/** Plans for titles and the add-subscription picker; as an admin, hidden plans are included. */
export async function loadPlans(): Promise<void> {
  try {
    patch({ plans: await answer(client.pricing.$get({ query: { lang: 'en' } }, auth(await idToken()))), plansError: false });
  } catch {
    patch({ plansError: true });
  }
}

async function loadHistory(uid: string): Promise<void> {
  try {
    const history = await answer(client.audit.$get({ query: { entity: 'user', id: uid } }, auth(await idToken())));
    if ($adminUsers.get().saved?.id === uid) patch({ history, historyError: false });
  } catch {
    if ($adminUsers.get().saved?.id === uid) patch({ historyError: true });
  }
}

function show(user: User): void {
  patch({ saved: user, draft: structuredClone(user), saveError: null, justSaved: false, history: null, historyError: false });
  void loadHistory(user.id);
}

/** Finds one user: an input with "@" by email (exact, any case) on the server, anything else by uid. */
export async function searchUser(input: string): Promise<void> {
  const query = input.trim();
  if (!query || $adminUsers.get().searching) return;
  const kind = searchKind(query);
  patch({ searching: true, notFound: null, searchError: null, saved: null, draft: null, history: null, saveError: null, justSaved: false });
  try {
    const token = auth(await idToken());
    const user =
      kind === 'email'
        ? ((await answer(client.users.$get({ query: { email: query } }, token)))[0] ?? null)
        : await answer(client.users[':id'].$get({ param: { id: enc(query) } }, token));
    if (user) show(user);
    else patch({ notFound: kind });
  } catch (err) {
    const key = errorKey('userSearch', err);
    if (key === 'notFound') patch({ notFound: kind });
    else patch({ searchError: key });
  } finally {
    patch({ searching: false });
  }
}

function edit(change: (draft: User) => User): void {
  const { draft } = $adminUsers.get();
  if (draft) patch({ draft: change(draft), justSaved: false, saveError: null });
}

export function setFlag(flag: 'isAdmin' | 'isPremium' | 'isExpert', value: boolean): void {
  edit((d) => ({ ...d, [flag]: value }));
}

/** Adds a subscription given by this admin (see adminSubscription) to the draft; false when the plan or duration is not allowed. */
export function addSubscription(planId: string | undefined, days: number, now = new Date()): boolean {
  const { plans } = $adminUsers.get();
  const { user, firebaseUser } = $session.get();
  const sub = adminSubscription({ plans: plans ?? [], planId, days, now, adminEmail: user?.email || firebaseUser?.email || '', id: crypto.randomUUID() });
  if (!sub) return false;
  edit((d) => ({ ...d, subscriptions: [...d.subscriptions, sub] }));
  return true;
}

export function removeSubscription(subscriptionId: string): void {
  edit((d) => ({ ...d, subscriptions: d.subscriptions.filter((s) => s.subscription_id !== subscriptionId) }));
}

export function discardChanges(): void {
  const { saved } = $adminUsers.get();
  patch({ draft: saved && structuredClone(saved), saveError: null, justSaved: false });
}

/** PUT /users/{id} with the whole draft; a refusal keeps the draft and says why. */
export async function saveUser(): Promise<void> {
  const { draft, saving } = $adminUsers.get();
  if (!draft || saving) return;
  patch({ saving: true, saveError: null, justSaved: false });
  try {
    const { isAdmin, isPremium, isExpert, subscriptions } = draft;
    const json = { isAdmin, isPremium, isExpert, subscriptions };
    const saved = await answer(client.users[':id'].$put({ param: { id: enc(draft.id) }, json }, auth(await idToken())));
    patch({ saved, draft: structuredClone(saved), justSaved: true });
    // An admin who removed their own flag loses this screen at once.
    if ($session.get().user?.id === saved.id) setProfile(saved);
    void loadHistory(saved.id);
  } catch (err) {
    patch({ saveError: errorKey('adminUsers', err) });
  } finally {
    patch({ saving: false });
  }
}
