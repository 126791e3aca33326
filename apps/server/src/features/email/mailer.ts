import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import { lazyImport } from '../../platform/lazy-import.ts';
import type { EmailMessage } from './messages.ts';

const loadNodemailer = lazyImport(() => import('nodemailer'));

export interface Mailer {
  send(to: string, message: EmailMessage): Promise<void>;
}

/** How long one SMTP conversation may take before the send counts as failed. */
const SMTP_TIMEOUT_MS = 15_000;

/** The SMTP transport of SMTP_URL (nodemailer), or null when email is not configured. */
export function createMailer(config: AppConfig['email']): Mailer | null {
  if (!config.smtpUrl) return null;
  // nodemailer reads transport options from the URL's query; the operator's own values win.
  const url = new URL(config.smtpUrl);
  for (const option of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(SMTP_TIMEOUT_MS));
  }
  // Made on the first send: nodemailer is loaded then, not at start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(to, message) {
      transport ??= loadNodemailer().then(({ default: nodemailer }) =>
        nodemailer.createTransport(url.toString()),
      );
      await (
        await transport
      ).sendMail({
        from: config.from,
        to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
