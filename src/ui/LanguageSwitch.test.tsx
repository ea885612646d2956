// The language switch on a slow line: a pack being downloaded can be cancelled, and only the last choice
// changes the language (a download finishing after another choice or a cancel changes nothing).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as I18n from '../i18n/i18n';
import { initI18n } from '../i18n/i18n';
import { LanguageSwitch } from './LanguageSwitch';

type I18nModule = typeof I18n;

const downloads = new Map<string, { resolve(): void; reject(error: unknown): void }>();

vi.mock('../i18n/languagePacks', () => ({
  isLanguagePack: (code: string) => code === 'fr' || code === 'ru',
  ensureLanguagePack: (code: string) =>
    code === 'fr' || code === 'ru' ? new Promise<void>((resolve, reject) => downloads.set(code, { resolve, reject })) : Promise.resolve(),
}));

const changed = vi.fn<(code: string) => Promise<void>>(async () => undefined);
vi.mock('../i18n/i18n', async (original) => ({ ...(await original<I18nModule>()), changeLanguage: (code: string) => changed(code) }));

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(() => {
  downloads.clear();
  changed.mockClear();
});

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const finish = (code: string) => act(async () => downloads.get(code)?.resolve());

describe('LanguageSwitch', () => {
  it('cancels a pack being downloaded: the language stays, and the finished download changes nothing', async () => {
    const onChanged = vi.fn();
    render(<LanguageSwitch onChanged={onChanged} />);
    fireEvent.click(radio('Français'));
    expect(screen.getByRole('status').textContent).toBe('Downloading Français…');
    expect(radio('Français').checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Stop downloading Français' }));
    expect(radio('English').checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: /Stop downloading/ })).toBeNull();

    await finish('fr');
    expect(changed).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
    expect(radio('English').checked).toBe(true);
  });

  it('keeps the last choice when an earlier download finishes after it', async () => {
    const onChanged = vi.fn();
    render(<LanguageSwitch onChanged={onChanged} />);
    fireEvent.click(radio('Français'));
    fireEvent.click(radio('Русский'));
    expect(screen.getByRole('status').textContent).toBe('Downloading Русский…');
    await finish('ru');
    await finish('fr');
    expect(changed.mock.calls).toEqual([['ru']]);
    expect(onChanged.mock.calls.map(([language]) => (language as { code: string }).code)).toEqual(['ru']);
  });
});
