// Who runs my building (/building-people/:bid?) and its edit screen (/building-people/:bid/edit).
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class BuildingPeoplePage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'buildingPeople', key, values);
  }

  /** A fieldset of the edit screen, by its legend (the management company, "member 1", "emergency number 1"). */
  group(name: string): Locator {
    return this.page.getByRole('group', { name, exact: true });
  }

  field(group: string, label: string): Locator {
    return this.group(group).getByRole('textbox', { name: label, exact: true });
  }

  /** A contact link of the residents' screen by its accessible name (common:contact.* or callNumber). */
  contact(kind: 'call' | 'email' | 'whatsapp' | 'sms', name: string): Locator {
    return this.page.getByRole('link', { name: text(this.lang, 'common', `contact.${kind}`, { name }), exact: true });
  }
}
