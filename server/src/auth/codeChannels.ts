// How a one-time or deposit code reaches its person (issue 27 §3): by SMS through the SmsProvider, by
// e-mail over the SMTP mail provider, or by a call through the dialer (gates/gateDialer.ts), whose
// calling number ends with the code. A channel the server was not configured with is the reference
// one: the code goes to the server log as `one-time code for <user>: <code>` (and `calling <user> from
// <number>`, `deposit code for <user>: <code>`), the lines the demo, the README and the tests read.
// A configured channel never writes the code to the log.
//
// Sends are made after the transaction that stored the code committed, and the answer does not wait
// for them (`dispatch`): a provider's delay must not tell a phone with an account from one without.
import type { GateDialer } from '../gates/gateDialer.ts';
import type { MailProvider, SmsProvider } from '../messaging/providers.ts';
import { languageCodes } from '../translate/phrases.ts';
import type { LanguageCode } from '../translate/phrases.ts';

export type SendMethod = 'sms' | 'email' | 'call';

export type CodeMessage =
  | {
      kind: 'signIn';
      method: SendMethod;
      /** Who the log lines name (the account's user name, or the phone of a registration). */
      userName: string;
      phone: string;
      email: string | null;
      code: string;
      /** A call's calling number (its last digits are the code). */
      callerNumber: string | null;
      languageId: number;
    }
  | { kind: 'deposit'; userName: string; phone: string; code: string; callerNumber: string };

export type CodeChannels = {
  send(message: CodeMessage): Promise<void>;
  /** Sends without making the answer wait; a failure is logged (the person asks for the code again). */
  dispatch(message: CodeMessage): void;
};

/** The configured channels; null is the reference one (the log). */
export type ConfiguredChannels = {
  sms: SmsProvider | null;
  mail: MailProvider | null;
  dialer: GateDialer | null;
  /** Where the reference channels write (ctx.secretLog). */
  secretLog: (line: string) => void;
  /** A failed send (never with the code in it). */
  warn: (line: string) => void;
};

const TEXTS: Record<LanguageCode, { subject: string; body: (code: string) => string }> = {
  he: { subject: 'קוד כניסה לבניין', body: (code) => `קוד הכניסה שלך לבניין: ${code}. הקוד תקף 5 דקות. אל תמסרו אותו לאיש.` },
  en: { subject: 'Your Binyan sign-in code', body: (code) => `Your Binyan sign-in code: ${code}. It is valid for 5 minutes. Do not share it.` },
  fr: {
    subject: 'Votre code de connexion Binyan',
    body: (code) => `Votre code de connexion Binyan : ${code}. Il est valable 5 minutes. Ne le communiquez à personne.`,
  },
  ru: { subject: 'Код входа в Binyan', body: (code) => `Ваш код входа в Binyan: ${code}. Он действует 5 минут. Никому его не сообщайте.` },
};

function textsOf(languageId: number) {
  const code: LanguageCode = languageId === 2 ? languageCodes[2] : languageId === 3 ? languageCodes[3] : languageId === 4 ? languageCodes[4] : languageCodes[1];
  return TEXTS[code];
}

export function codeChannels(channels: ConfiguredChannels): CodeChannels {
  const { secretLog } = channels;

  async function call(to: string, from: string): Promise<void> {
    const result = await channels.dialer?.ringWithCode({ to, from });
    if (result?.status === 'failed') throw new Error(`code call failed: ${result.reason ?? 'unknown'}`);
  }

  async function signIn(message: Extract<CodeMessage, { kind: 'signIn' }>): Promise<void> {
    const { method, userName, code } = message;
    if (method === 'call' && message.callerNumber) {
      if (channels.dialer) return call(message.phone, message.callerNumber);
      secretLog(`calling ${userName} from ${message.callerNumber}`);
    } else if (method === 'email' && message.email) {
      const texts = textsOf(message.languageId);
      if (channels.mail) return channels.mail.send({ to: message.email, subject: texts.subject, text: texts.body(code) });
    } else if (channels.sms) {
      return channels.sms.send({ to: message.phone, text: textsOf(message.languageId).body(code) });
    }
    secretLog(`one-time code for ${userName}: ${code}`);
  }

  async function send(message: CodeMessage): Promise<void> {
    if (message.kind === 'signIn') return signIn(message);
    if (channels.dialer) return call(message.phone, message.callerNumber);
    secretLog(`calling ${message.userName} from ${message.callerNumber}`);
    secretLog(`deposit code for ${message.userName}: ${message.code}`);
  }

  return {
    send,
    dispatch(message) {
      send(message).catch((error: unknown) => {
        const what = message.kind === 'deposit' ? 'deposit code' : 'one-time code';
        channels.warn(`${what} for ${message.userName} not sent: ${error instanceof Error ? error.message : String(error)}`);
      });
    },
  };
}
