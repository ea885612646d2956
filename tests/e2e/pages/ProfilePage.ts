import { text } from './LoginPage';
import { pollUntil } from './poll';
import { ShellLayoutPage } from './ShellLayoutPage';

const nativeNames: Record<string, string> = { he: 'עברית', en: 'English', fr: 'Français', ru: 'Русский' };

export class ProfilePage extends ShellLayoutPage {
  async switchLanguage(code: 'he' | 'en' | 'fr' | 'ru'): Promise<void> {
    const before = (await this.languageOutbox()).choices;
    await this.page.getByRole('radio', { name: nativeNames[code] }).click();
    this.lang = code;
    await this.waitForRoute('userProfile');
    await this.waitLanguageSent(before);
  }

  /** What the device holds of language choices: how many were recorded, and whether one waits in the outbox. */
  private languageOutbox(): Promise<{ choices: number; queued: boolean }> {
    return this.page.evaluate(
      () =>
        new Promise<{ choices: number; queued: boolean }>((resolve, reject) => {
          const open = indexedDB.open('binyan');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction(['meta', 'outbox']);
            const keys = tx.objectStore('meta').getAllKeys();
            const entries = tx.objectStore('outbox').getAll();
            tx.onerror = () => reject(tx.error);
            tx.oncomplete = () => {
              open.result.close();
              resolve({
                choices: keys.result.filter((key) => String(key).startsWith('language.change:')).length,
                queued: (entries.result as { request?: { path?: string } }[]).some((entry) => entry.request?.path === 'profile/language'),
              });
            };
          };
        }),
    );
  }

  /**
   * The choice is recorded on the device a moment after the click; online it then goes to the server
   * through the outbox at once. Waits until the new choice is recorded and (online) has left the outbox,
   * so that a test's next offline change or planned fault is not mixed up with it. Offline it stays queued.
   */
  private async waitLanguageSent(before: number): Promise<void> {
    await pollUntil(
      async () => {
        const seen = await this.languageOutbox();
        const online = await this.page.evaluate(() => navigator.onLine);
        return seen.choices > before && (!online || !seen.queued);
      },
      true,
      { timeout: 20_000, message: 'the language choice recorded and sent' },
    );
  }

  async logout(): Promise<void> {
    await this.button(text(this.lang, 'profile', 'logout')).click();
  }
}
