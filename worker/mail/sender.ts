import { WorkerMailer } from 'worker-mailer';
import type { Env } from '../env';

/** A mail as the app writes it: one recipient, a subject, and the same text as plain text and HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The sender's name in every mail's From line. */
const SENDER_NAME = 'Salon';

/** A relay that does not answer within this long is given up (the default waits a minute). */
const TIMEOUT_MS = 10_000;

/**
 * The one way the app sends e-mail: SMTP from the Worker over `cloudflare:sockets` (worker-mailer),
 * to the relay SMTP_HOST:SMTP_PORT names. With SMTP_SECURE "true" the connection is TLS from the
 * start (port 465); otherwise it is upgraded with STARTTLS whenever the relay offers it (port 587),
 * and stays plain only where it does not (locally, the mail catcher on loopback). SMTP_USER and the
 * secret SMTP_PASSWORD log in when set. One connection per mail: the app sends a mail now and then,
 * never a batch.
 */
export async function sendMail(env: Env, mail: Mail): Promise<void> {
  await WorkerMailer.send(
    {
      host: env.SMTP_HOST,
      port: Number(env.SMTP_PORT),
      secure: env.SMTP_SECURE === 'true',
      startTls: true,
      credentials: env.SMTP_USER ? { username: env.SMTP_USER, password: env.SMTP_PASSWORD ?? '' } : undefined,
      authType: ['plain', 'login'],
      socketTimeoutMs: TIMEOUT_MS,
      responseTimeoutMs: TIMEOUT_MS,
    },
    { from: { name: SENDER_NAME, email: env.MAIL_FROM }, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html },
  );
}
