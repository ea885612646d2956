// A local SMTP server (the `smtp-server` package) that keeps what arrives, for the e-mail tests; it
// refuses the recipients in `refuse` with 550, as a real server bounces an unknown mailbox.
import { SMTPServer } from 'smtp-server';

export type SinkMail = { to: string[]; raw: string };
export type SmtpSink = { url: string; mails: SinkMail[]; refuse: Set<string>; close(): Promise<void> };

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, mails, refuse, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
