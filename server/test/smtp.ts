// A local SMTP server (smtp-server) that keeps what it receives, for the tests of sending e-mail.
import { SMTPServer } from 'smtp-server';
import { smtpMailSender } from '../src/mail/mailSender.ts';
import type { MailSender } from '../src/mail/mailSender.ts';

export type ReceivedMail = { to: string[]; raw: string };

export type TestSmtp = { url: string; received: ReceivedMail[]; sender(): MailSender; close(): Promise<void> };

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no SMTP port');
  const url = `smtp://127.0.0.1:${address.port}`;
  return {
    url,
    received,
    sender: () => smtpMailSender({ url, from: 'Binyan <no-reply@binyan.test>' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
