import type { Context } from 'hono';
import { isolate } from '../../domain/text.ts';
import { useT } from '../../i18n/index.ts';
import { localePath } from '../../i18n/locales.ts';
import { contentLocale } from '../http/content-locale.ts';
import type { Env } from '../http/sub-app.ts';
import type { NewInvitation } from './queries.ts';

/**
 * Mails each new invitation to its address, once its transaction committed, in the inviter's language (the person
 * invited has no known language yet; a programme's people mostly share one). A mail that fails leaves the invitation
 * standing: the learner finds it in My learning all the same, and the group's page lists it for the director.
 */
export async function mailInvitations(c: Context<Env>, group: { name: string }, created: NewInvitation[]): Promise<void> {
  const { config, mail } = c.get('deps');
  const locale = contentLocale(c);
  const t = useT(locale);
  const vars = {
    group: isolate(group.name),
    site: config.productName,
    link: `${config.siteUrl ?? new URL(c.req.url).origin}${localePath(locale, '/learning')}`,
  };
  for (const invitation of created) {
    const text = t(invitation.role === 'director' ? 'mail.invite.director' : 'mail.invite.member', vars);
    try {
      await mail.send({ to: invitation.email, subject: t('mail.invite.subject', vars), text });
    } catch (err) {
      console.error(`The invitation mail to ${invitation.email} could not be sent: ${(err as Error).message}`);
    }
  }
}
