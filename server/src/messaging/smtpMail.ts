// E-mail through SMTP with nodemailer. SMTP_URL (e.g. smtp://user:pass@mail.example:587) and MAIL_FROM
// configure it. A recipient the server refuses (5xx) is a permanent failure: "e-mail not delivered".
import { createTransport } from 'nodemailer';
import type { MailProvider } from './providers.ts';
import { DeliveryError } from './providers.ts';

export function smtpMailProvider(url: string, from: string): MailProvider {
  const transport = createTransport(url);
  return {
    send: async (mail) => {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new DeliveryError(code !== undefined && code >= 500 ? 'emailNotDelivered' : 'errorSendingEmail', code !== undefined && code >= 500);
      }
    },
    close: () => transport.close(),
  };
}
