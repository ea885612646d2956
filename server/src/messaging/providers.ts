// The three ways a message leaves the server, each behind a small interface with a working default
// (issue 16): e-mail over SMTP (nodemailer), SMS (the default writes to the log; a real Israeli provider
// plugs in here), Web Push with VAPID (web-push). A provider throws DeliveryError: `permanent` failures
// (a refused address: "e-mail not delivered") are not retried; others are, with backoff.

export class DeliveryError extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
  }
}

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type Mail = { to: string; subject: string; text: string; messageId?: string; attachments?: readonly MailAttachment[] };
export type MailProvider = { send(mail: Mail): Promise<void>; close?(): void };

export type Sms = { to: string; text: string };
export type SmsProvider = { send(sms: Sms): Promise<void> };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushNote = { title: string; body: string; url: string; lang: string };
export type PushProvider = { send(target: PushTarget, note: PushNote): Promise<void>; publicKey(): Promise<string> };

/** Where there is no SMTP server configured: the mail is written to the log (development). */
export function loggingMailProvider(log: (line: string) => void): MailProvider {
  return { send: async (mail) => log(`mail to ${mail.to}: ${mail.subject}`) };
}

/** The reference SMS provider: the text goes to the server log; the delivery row keeps number and state. */
export function loggingSmsProvider(log: (line: string) => void): SmsProvider {
  return { send: async (sms) => log(`sms to ${sms.to}: ${sms.text}`) };
}
