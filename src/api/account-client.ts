import type { ProfileUpdate, Receipt } from './account.ts';
import { call, type Token } from './client.ts';
import { file } from './learning-client.ts';
import type { User } from './schemas.ts';

/** Typed calls to the caller's own account: receipts, profile, export and deletion. */
const enc = encodeURIComponent;

export const accountApi = {
  receipts: (lang: string, token: Token) => call<Receipt[]>('GET', `/receipts?lang=${enc(lang)}`, token),
  receiptPdf: (orderId: string, lang: string, token: Token) => file(`/receipts/${enc(orderId)}/pdf?lang=${enc(lang)}`, token),
  updateProfile: (body: ProfileUpdate, token: Token) => call<User>('PATCH', '/users/me', token, body),
  exportData: (token: Token) => file('/users/me/export', token),
  deleteAccount: (token: Token) => call<void>('DELETE', '/users/me', token),
};
