import type { Context } from 'hono';
import type { Env } from '../http/sub-app.ts';
import type { NewInvitation } from './queries.ts';

/** Where a mail's links lead: the configured site, else the address this request came to. */
export const siteOf = (c: Context<Env>) => c.get('deps').config.siteUrl ?? new URL(c.req.url).origin;

/**
 * Mails each new invitation to its address, once its transaction committed. A mail that fails leaves the invitation
 * standing: the learner finds it in My learning all the same, and the group's page lists it for the director.
 */
export async function mailInvitations(c: Context<Env>, group: { name: string }, created: NewInvitation[]): Promise<void> {
  const { config, mail } = c.get('deps');
  const learning = `${siteOf(c)}/learning`;
  for (const invitation of created) {
    const text =
      invitation.role === 'director'
        ? `You are invited to direct the group "${group.name}" on ${config.productName}. Sign in with this address (verified) to take it up: ${learning}`
        : `You are invited to join the group "${group.name}" on ${config.productName}. Its directors will follow your attempts, progress and debriefs only once you accept. Accept or decline in My learning: ${learning}`;
    try {
      await mail.send({ to: invitation.email, subject: `Invitation to the group "${group.name}"`, text });
    } catch (err) {
      console.error(`The invitation mail to ${invitation.email} could not be sent: ${(err as Error).message}`);
    }
  }
}
