import { contactMessage, type ContactInput } from '../../domain/contact.ts';
import { publicConfig } from '../firebase.ts';

export type ContactKind = 'contact' | 'support';

/** Sends a message to the form service the server names (the form-mail service for home, the form-submission service for support). Throws when it is not accepted. */
export async function sendMessage(kind: ContactKind, input: ContactInput, platform = ''): Promise<void> {
  const { forms } = await publicConfig();
  const message = contactMessage(input);
  const body = kind === 'support' ? { ...message, Platform: platform, access_key: forms.accessKey } : message;
  const res = await fetch(kind === 'support' ? forms.supportUrl : forms.contactUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as { success?: unknown } | null;
  if (!res.ok || answer?.success === false) throw new Error(`The form service answered ${res.status}`);
}
