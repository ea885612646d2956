// The Login screen, found by role and by the translated names of the active language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from 'playwright-core';
import { BasePage, STATE_TIMEOUT_MS } from './BasePage';

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/i18n/locales');

/** A text from the app's own locale files, e.g. text('he', 'auth', 'sendMethod.sms'). */
export function text(lang: string, namespace: string, key: string, values: Record<string, string | number> = {}): string {
  const tree = JSON.parse(readFileSync(path.join(localesDir, lang, `${namespace}.json`), 'utf8')) as Tree;
  const found = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof found !== 'string') throw new Error(`No text ${lang}/${namespace}:${key}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Where a test reads the one-time codes the server sent (tests/e2e/fixtures/appServer.ts). */
export type OtpSource = { otpMark(): number; waitForOtp(user: string, options?: { since?: number }): Promise<string> };

export type SignInDetails = { companyCode: string; userName: string; password: string; method?: 'sms' | 'email' | 'call' };

export class LoginPage extends BasePage {
  lang = 'he';

  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'auth', key, values);
  }

  loginHeading(): Locator {
    return this.page.getByRole('heading', { name: this.t('title') });
  }

  async waitForForm(): Promise<void> {
    await this.waitVisible(this.page.getByLabel(this.t('companyCode')));
  }

  async fillDetails(d: SignInDetails): Promise<void> {
    await this.page.getByLabel(this.t('companyCode')).fill(d.companyCode);
    await this.page.getByLabel(this.t('userName')).fill(d.userName);
    await this.page.getByLabel(this.t('password')).fill(d.password);
    await this.page.getByRole('radio', { name: this.t(`sendMethod.${d.method ?? 'sms'}`) }).check();
  }

  async requestCode(): Promise<void> {
    await this.button(this.t('sendCode')).click();
    await this.waitVisible(this.codeInput());
  }

  codeInput(): Locator {
    return this.page.getByLabel(this.t('code'));
  }

  sentTo(): Locator {
    return this.page.getByText(this.t('codeSentTo', { target: '' }).trim(), { exact: false });
  }

  resendButton(): Locator {
    return this.page.getByRole('button', { name: new RegExp(`${escape(this.t('resendIn', { seconds: 0 }).replace(/0.*$/, ''))}|${escape(this.t('resend'))}`) });
  }

  /** The resend button while it counts down ("New code in 30 seconds"), as it is right after a code is sent. */
  resendCountdown(): Locator {
    const [before = '', after = ''] = this.t('resendIn', { seconds: '\u0000' }).split('\u0000');
    return this.page.getByRole('button', { name: new RegExp(`^${escape(before)}\\d+${escape(after)}$`) });
  }

  async submitCode(code: string): Promise<void> {
    await this.codeInput().fill(code);
    await this.button(this.t('verify')).click();
  }

  /** Whole sign-in: details, then the code the server wrote to its log. */
  /**
   * The sign-in is over: the app has stored the session and left /login. A caller that navigates
   * (goto) right after submitting the code must wait for this first, or the reload finds no session.
   */
  async waitSignedIn(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname !== '/login', { timeout: STATE_TIMEOUT_MS });
  }

  /** Opens /login and signs `who` in with the code from the server's log, until the app has left /login. */
  async signInOn(server: OtpSource, who: SignInDetails): Promise<void> {
    await this.goto('/login');
    await this.signIn(
      who,
      (since) => server.waitForOtp(who.userName, { since }),
      () => server.otpMark(),
    );
    await this.waitSignedIn();
  }

  async signIn(d: SignInDetails, waitForOtp: (since: number) => Promise<string>, otpMark: () => number): Promise<void> {
    await this.waitForForm();
    await this.fillDetails(d);
    const mark = otpMark();
    await this.requestCode();
    await this.submitCode(await waitForOtp(mark));
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
