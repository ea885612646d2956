import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ERROR_TOAST_MS, ErrorToast, ErrorToastHost } from './ErrorToast';
import { showErrorToast } from './errorToastStore';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ErrorToast', () => {
  it("shows 'An error occurred' when no detail is given", () => {
    render(<ErrorToast open onClose={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toContain('An error occurred');
  });

  it('disappears after 3000 ms', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<ErrorToast open summary="Upload" detail="Error saving image" onClose={onClose} />);
    expect(ERROR_TOAST_MS).toBe(3000);
    act(() => vi.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sits bottom-right in every language, right-to-left included (spec section 2)', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'ErrorToast.module.css'), 'utf8');
    const toast = /\.toast \{[^}]*\}/.exec(css)?.[0] ?? '';
    expect(toast).toMatch(/inset-block-end/);
    expect(toast).toMatch(/\bright:/);
    expect(toast).not.toMatch(/inset-inline-(start|end)|\bleft:/);
  });

  it('is shown by showErrorToast through the host and can be dismissed', () => {
    render(<ErrorToastHost />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => showErrorToast({ detail: 'Transaction failed' }));
    expect(screen.getByRole('alert').textContent).toContain('Transaction failed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
