/** What the receipts area offers the rest of the server: a completed order shaped as its receipt (the account's export lists them). */
export { receiptOf } from './receipt-row.ts';
