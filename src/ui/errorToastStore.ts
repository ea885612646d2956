// One error toast at a time for the whole app: the shared error handler (spec section 8) calls
// showErrorToast; <ErrorToastHost/> in the layout renders it.
import { useSyncExternalStore } from 'react';

export type ToastMessage = { id: number; summary?: string; detail?: string };

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showErrorToast(message: { summary?: string; detail?: string } = {}): void {
  current = { id: nextId++, ...message };
  emit();
}

export function dismissErrorToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useErrorToastMessage(): ToastMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
