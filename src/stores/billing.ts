import type { Locale } from '../i18n/locales.ts';
import { atom } from 'nanostores';
import type { Receipt } from '../api/account.ts';
import { accountApi } from '../api/account-client.ts';
import { saveFile } from './progress.ts';
import { idToken } from './session.ts';

/** The signed-in learner's receipts (billing history), newest first. */
export interface BillingState {
  status: 'loading' | 'ready' | 'error';
  receipts: Receipt[];
}

export const $billing = atom<BillingState>({ status: 'loading', receipts: [] });

export async function loadReceipts(lang: Locale): Promise<void> {
  $billing.set({ ...$billing.get(), status: 'loading' });
  try {
    $billing.set({ status: 'ready', receipts: await accountApi.receipts(lang, await idToken()) });
  } catch {
    $billing.set({ status: 'error', receipts: [] });
  }
}

/** Saves a receipt's PDF in the page's language; false when it failed. */
export async function downloadReceipt(orderId: string, lang: Locale): Promise<boolean> {
  try {
    saveFile(await accountApi.receiptPdf(orderId, lang, await idToken()));
    return true;
  } catch {
    return false;
  }
}
