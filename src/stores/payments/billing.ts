import type { Locale } from '../../i18n/locales.ts';
import { atom } from 'nanostores';
import { answer, auth, client, download, enc } from '../../api/client.ts';
import type { BillingDetails } from '../../api/account.ts';
import type { Receipt } from '../../api/receipts.ts';
import { saveFile } from '../save-file.ts';
import { idToken } from '../session.ts';

/** The signed-in learner's receipts (billing history), newest first. */
export interface BillingState {
  status: 'loading' | 'ready' | 'error';
  receipts: Receipt[];
}

export const $billing = atom<BillingState>({ status: 'loading', receipts: [] });

export async function loadReceipts(lang: Locale): Promise<void> {
  $billing.set({ ...$billing.get(), status: 'loading' });
  try {
    $billing.set({ status: 'ready', receipts: await answer(client.receipts.$get({ query: { lang } }, auth(await idToken()))) });
  } catch {
    $billing.set({ status: 'error', receipts: [] });
  }
}

/** Saves a receipt's PDF in the page's language; false when it failed. */
export async function downloadReceipt(orderId: string, lang: Locale): Promise<boolean> {
  try {
    saveFile(await download(client.receipts[':orderId'].pdf.$get({ param: { orderId: enc(orderId) }, query: { lang } }, auth(await idToken()))));
    return true;
  } catch {
    return false;
  }
}

/** The address and tax id the learner's next invoices name, as My account edits them. */
export interface InvoiceDetailsState {
  status: 'loading' | 'ready' | 'saving' | 'saved' | 'error' | 'saveError';
  details: BillingDetails;
}

export const $invoiceDetails = atom<InvoiceDetailsState>({ status: 'loading', details: { address: '', taxId: '' } });

export async function loadInvoiceDetails(): Promise<void> {
  try {
    $invoiceDetails.set({ status: 'ready', details: await answer(client.users.me.billing.$get(undefined, auth(await idToken()))) });
  } catch {
    $invoiceDetails.set({ ...$invoiceDetails.get(), status: 'error' });
  }
}

/** Keeps the details for the next invoices; the form says whether it worked. */
export async function saveInvoiceDetails(details: BillingDetails): Promise<void> {
  $invoiceDetails.set({ details, status: 'saving' });
  try {
    $invoiceDetails.set({ status: 'saved', details: await answer(client.users.me.billing.$put({ json: details }, auth(await idToken()))) });
  } catch {
    $invoiceDetails.set({ details, status: 'saveError' });
  }
}
