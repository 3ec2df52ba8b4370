/** A mail the server sends on someone's behalf (an invitation to a group, a learner leaving one). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: the service at MAIL_URL, or the local stand-in (src/sandbox/mail.ts) that keeps what it would send. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The mail service at `url`: each mail POSTed as JSON; a failure is thrown, for the caller to report. */
export function httpMailer(url: string, timeoutMs = 10_000): Mailer {
  return {
    async send(mail) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mail),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`The mail service answered ${res.status}`);
    },
  };
}
