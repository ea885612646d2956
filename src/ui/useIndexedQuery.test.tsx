import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeSource } from './useIndexedQuery';
import { useIndexedQuery } from './useIndexedQuery';

/** An in-memory list that announces its changes, as db/tableIndex.ts does. */
function memoryList(initial: string[]) {
  let rows = initial;
  const listeners = new Set<() => void>();
  const changes: ChangeSource = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    changes,
    read: (prefix: string) => Promise.resolve(rows.filter((r) => r.startsWith(prefix))),
    set(next: string[]) {
      rows = next;
      listeners.forEach((l) => l());
    },
    listeners,
  };
}

function Names({ list, prefix }: { list: ReturnType<typeof memoryList>; prefix: string }) {
  const names = useIndexedQuery(list.changes, () => list.read(prefix), [prefix]);
  return <p>{names === undefined ? 'reading' : names.join(',') || 'none'}</p>;
}

describe('useIndexedQuery', () => {
  it('reads again when the index announces a change, with no counter in the screen', async () => {
    const list = memoryList(['dana', 'david']);
    render(<Names list={list} prefix="d" />);
    expect(await screen.findByText('dana,david')).toBeTruthy();
    act(() => list.set(['dana', 'david', 'dor']));
    expect(await screen.findByText('dana,david,dor')).toBeTruthy();
  });

  it('reads again when what the screen asks changes', async () => {
    const list = memoryList(['dana', 'rina']);
    const { rerender } = render(<Names list={list} prefix="d" />);
    expect(await screen.findByText('dana')).toBeTruthy();
    rerender(<Names list={list} prefix="r" />);
    expect(await screen.findByText('rina')).toBeTruthy();
  });

  it('stops listening when the screen goes away', async () => {
    const list = memoryList(['dana']);
    const { unmount } = render(<Names list={list} prefix="d" />);
    expect(await screen.findByText('dana')).toBeTruthy();
    expect(list.listeners.size).toBe(1);
    unmount();
    expect(list.listeners.size).toBe(0);
  });
});
