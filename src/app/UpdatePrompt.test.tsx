import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { setSyncStatus } from '../session/syncStore';
import { UpdatePrompt } from './UpdatePrompt';
import { canInstall, listenForInstallPrompt, promptInstall } from '../session/installPrompt';

const sw = vi.hoisted(() => {
  let waiting = false;
  const listeners = new Set<() => void>();
  return {
    activate: vi.fn(),
    setWaiting(value: boolean) {
      waiting = value;
      for (const l of listeners) l();
    },
    isWaiting: () => waiting,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('./updateWaiting', () => ({
  activateUpdate: sw.activate,
  isUpdateWaiting: sw.isWaiting,
  subscribeUpdateWaiting: sw.subscribe,
}));

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(() => {
  sw.activate.mockClear();
  act(() => {
    sw.setWaiting(false);
    setSyncStatus({ replaying: false });
  });
});

describe('the update prompt', () => {
  it('appears only when a new version waits, and reloads into it on the user’s word', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => sw.setWaiting(true));
    expect(screen.getByRole('status').textContent).toContain('A new version of the app is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(sw.activate).toHaveBeenCalledTimes(1);
  });

  it('waits while a replay runs, saying so, and takes the new version when it ends', () => {
    render(<UpdatePrompt />);
    act(() => {
      sw.setWaiting(true);
      setSyncStatus({ replaying: true });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(sw.activate).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('Sending your changes first');
    act(() => setSyncStatus({ replaying: false }));
    expect(sw.activate).toHaveBeenCalledTimes(1);
  });

  it('can be put off for later', () => {
    render(<UpdatePrompt />);
    act(() => sw.setWaiting(true));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(sw.activate).not.toHaveBeenCalled();
  });
});

describe('the install offer', () => {
  it('keeps the browser’s install prompt for the menu and uses it once', async () => {
    const target = new EventTarget() as Window;
    listenForInstallPrompt(target);
    expect(canInstall()).toBe(false);
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(canInstall()).toBe(true);
    expect(await promptInstall()).toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(canInstall()).toBe(false);
  });
});
