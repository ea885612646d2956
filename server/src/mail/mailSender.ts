// Sending e-mail (a document to an address): one small interface, an SMTP implementation over
// nodemailer configured by the environment (SMTP_URL, e.g. smtp://user:pass@mail.example:587, and
// MAIL_FROM), and none when SMTP_URL is not set (then sending answers that the e-mail was not sent).
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = { to: string; subject: string; text: string; attachments?: readonly MailAttachment[] };

export type MailSender = {
  /** Resolves once the SMTP server accepted the message; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export type SmtpConfig = { url: string; from: string };

export const DEFAULT_MAIL_FROM = 'Binyan <no-reply@binyan.local>';

export function smtpMailSender(config: SmtpConfig): MailSender {
  const transport = nodemailer.createTransport(config.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
    },
    close: () => transport.close(),
  };
}

/** The sender the environment configures, or null when SMTP_URL is not set. */
export function mailSenderFromEnv(env: NodeJS.ProcessEnv): MailSender | null {
  const url = env.SMTP_URL?.trim() ?? '';
  if (url === '') return null;
  return smtpMailSender({ url, from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM });
}
