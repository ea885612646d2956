import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

const nativeNames: Record<string, string> = { he: 'עברית', en: 'English', fr: 'Français', ru: 'Русский' };

export class ProfilePage extends ShellLayoutPage {
  async switchLanguage(code: 'he' | 'en' | 'fr' | 'ru'): Promise<void> {
    await this.page.getByRole('radio', { name: nativeNames[code] }).click();
    this.lang = code;
    await this.waitForRoute('userProfile');
  }

  async logout(): Promise<void> {
    await this.button(text(this.lang, 'profile', 'logout')).click();
  }
}
