import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { ResultDialog, RESULT_DIALOG_TIMEOUT_MS } from './ResultDialog';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ConfirmDialog', () => {
  it('shows the question and reports confirm or cancel', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open title="Delete?" message="It cannot be undone." onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByText('It cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('treats Escape (the dialog cancel event) as cancel', () => {
    const onCancel = vi.fn();
    const { container } = render(<ConfirmDialog open title="T" message="M" onConfirm={vi.fn()} onCancel={onCancel} />);
    fireEvent(container.querySelector('dialog') as HTMLDialogElement, new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('renders nothing inside while closed', () => {
    render(<ConfirmDialog open={false} title="T" message="Hidden text" onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByText('Hidden text')).toBeNull();
  });
});

describe('ResultDialog', () => {
  it('closes by itself after 2000 ms by default', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<ResultDialog open message="Saved" isSuccess onClose={onClose} />);
    expect(RESULT_DIALOG_TIMEOUT_MS).toBe(2000);
    act(() => vi.advanceTimersByTime(1999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('honours a custom timeout, and 0 keeps it open', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { rerender } = render(<ResultDialog open message="x" isSuccess={false} timeout={500} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(500));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<ResultDialog open message="y" isSuccess={false} timeout={0} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says whether it succeeded and shows a close button only when asked', () => {
    const onClose = vi.fn();
    const { rerender } = render(<ResultDialog open message="Saved" isSuccess onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toContain('Success');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    rerender(<ResultDialog open message="Not saved" isSuccess={false} showCloseBtn onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toContain('Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
