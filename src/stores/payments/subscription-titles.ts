// My account: the learner's subscriptions named by their plans' titles in the page's language.
import { atom } from 'nanostores';
import type { SubscriptionTitle } from '../../api/account.ts';
import { answer, auth, client } from '../../api/client.ts';
import type { Subscription } from '../../api/users.ts';
import { pageLanguage } from '../page-language.ts';
import type { Loadable } from '../loadable.ts';
import { idToken } from '../session.ts';

export const $subscriptionTitles = atom<Loadable<SubscriptionTitle[]>>({ status: 'idle', value: null });

/** Reads the titles once per page, in the page's language. */
export async function loadSubscriptionTitles(): Promise<void> {
  if ($subscriptionTitles.get().status !== 'idle') return;
  $subscriptionTitles.set({ status: 'loading', value: null });
  try {
    const lang = pageLanguage();
    $subscriptionTitles.set({ status: 'loaded', value: await answer(client.users.me.subscriptions.$get({ query: { lang } }, auth(await idToken()))) });
  } catch {
    $subscriptionTitles.set({ status: 'error', value: null });
  }
}

/** What My account calls a subscription: the title the server read for it, or the name stored with it when none could be read. */
export function subscriptionName(sub: Subscription, titles: SubscriptionTitle[] | null): string {
  return titles?.find((t) => t.subscriptionId === sub.subscription_id)?.title ?? sub.plan_name;
}
