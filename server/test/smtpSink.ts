// A local SMTP server (the `smtp-server` package) that keeps what arrives, for the e-mail tests; it
// refuses the recipients in `refuse` with 550, as a real server bounces an unknown mailbox. A held sink
// (`{ held: true }`) answers no message until the test calls `release()`: a slow mail server, without timing.
import { SMTPServer } from 'smtp-server';

export type SinkMail = { to: string[]; raw: string };
export type SmtpSink = {
  url: string;
  mails: SinkMail[];
  refuse: Set<string>;
  /** Messages that arrived and wait for `release()` (a held sink only). */
  held(): number;
  /** Answers every held message, and every later one at once. */
  release(): void;
  close(): Promise<void>;
};

export async function startSmtpSink(options: { held?: boolean } = {}): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const refuse = new Set<string>();
  let holding = options.held === true;
  const waiting: (() => void)[] = [];
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
        const accept = () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        };
        if (holding) waiting.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    held: () => waiting.length,
    release() {
      holding = false;
      for (const accept of waiting.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
