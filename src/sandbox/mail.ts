import type { Db } from '../server/db/client.ts';
import type { Mailer } from '../server/mail/index.ts';
import { createSandboxTables, sandboxMessages } from './messages.ts';

/** The local stand-in for the mail service: keeps each mail it would send in sandbox_messages, for an administrator to read. */
export async function startMailStandIn(db: Db): Promise<Mailer> {
  await createSandboxTables(db);
  return {
    async send(mail) {
      await db.insert(sandboxMessages).values({ service: 'mail', body: mail });
    },
  };
}
