import type { ContentLocale } from '../domain/localize.ts';
import { answer, auth, client, download, enc, type Token } from './client.ts';
import type { ProfileUpdate } from './account.ts';

/** Typed calls to the caller's own account: receipts, profile, export and deletion. */
export const accountApi = {
  receipts: (lang: ContentLocale, token: Token) => answer(client.receipts.$get({ query: { lang } }, auth(token))),
  receiptPdf: (orderId: string, lang: ContentLocale, token: Token) =>
    download(client.receipts[':orderId'].pdf.$get({ param: { orderId: enc(orderId) }, query: { lang } }, auth(token))),
  updateProfile: (json: ProfileUpdate, token: Token) => answer(client.users.me.$patch({ json }, auth(token))),
  exportData: (token: Token) => download(client.users.me.export.$get(undefined, auth(token))),
  deleteAccount: (token: Token) => answer(client.users.me.$delete(undefined, auth(token))),
};
