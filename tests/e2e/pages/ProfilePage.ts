import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

const nativeNames: Record<string, string> = { he: 'עברית', en: 'English', fr: 'Français', ru: 'Русский' };

export class ProfilePage extends ShellLayoutPage {
  async switchLanguage(code: 'he' | 'en' | 'fr' | 'ru'): Promise<void> {
    await this.page.getByRole('radio', { name: nativeNames[code] }).click();
    this.lang = code;
    await this.waitForRoute('userProfile');
    await this.waitLanguageSent();
  }

  /**
   * Online, the choice goes to the server through the outbox at once: waits until it has left the outbox,
   * so that a test's next offline change or planned fault is not mixed up with it. Offline it stays queued.
   */
  private async waitLanguageSent(): Promise<void> {
    await this.page.waitForFunction(
      () =>
        !navigator.onLine ||
        new Promise<boolean>((resolve, reject) => {
          const open = indexedDB.open('binyan');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('outbox').objectStore('outbox').getAll();
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              open.result.close();
              resolve(!(request.result as { request?: { path?: string } }[]).some((entry) => entry.request?.path === 'profile/language'));
            };
          };
        }),
      undefined,
      { polling: 100, timeout: 20_000 },
    );
  }

  async logout(): Promise<void> {
    await this.button(text(this.lang, 'profile', 'logout')).click();
  }
}
