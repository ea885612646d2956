import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { SmoothScrollPicker } from './SmoothScrollPicker';
import {
  assertScreenCount,
  indexAtOffset,
  isDrag,
  isValidScreenCount,
  paddingRows,
  PICKER_DRAG_THRESHOLD,
  PICKER_ITEM_HEIGHT,
  PICKER_VISIBLE,
} from './smoothScrollPicker';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

const items = ['08:00', '09:00', '10:00', '11:00'].map((label, i) => ({ value: i, label }));

describe('smooth scroll picker rules', () => {
  it('has the spec defaults: item height 42, 3 visible, drag threshold 10', () => {
    expect([PICKER_ITEM_HEIGHT, PICKER_VISIBLE, PICKER_DRAG_THRESHOLD]).toEqual([42, 3, 10]);
  });

  it('accepts a screen count of 2 or an odd number only', () => {
    expect([1, 2, 3, 5, 7].every(isValidScreenCount)).toBe(true);
    expect([0, 4, 6, -1, 2.5].some(isValidScreenCount)).toBe(false);
    expect(() => assertScreenCount(4)).toThrow(RangeError);
  });

  it('treats movement up to the threshold as a tap', () => {
    expect(isDrag(10)).toBe(false);
    expect(isDrag(-11)).toBe(true);
  });

  it('snaps to the nearest item', () => {
    expect(indexAtOffset(62, 42, 4)).toBe(1);
    expect(indexAtOffset(64, 42, 4)).toBe(2);
    expect(indexAtOffset(9999, 42, 4)).toBe(3);
    expect(indexAtOffset(-20, 42, 4)).toBe(0);
  });

  it('pads so the first and last items reach the middle row', () => {
    expect(paddingRows(3)).toBe(1);
    expect(paddingRows(5)).toBe(2);
    expect(paddingRows(2)).toBe(0);
  });
});

describe('SmoothScrollPicker', () => {
  it('refuses an even screen count other than 2', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<SmoothScrollPicker items={items} value={0} onChange={vi.fn()} visibleCount={4} />)).toThrow(/2 or odd/);
  });

  it('is 3 rows of 42 px and shows the selected value', () => {
    render(<SmoothScrollPicker items={items} value={1} onChange={vi.fn()} label="Start time" />);
    const list = screen.getByRole('listbox', { name: 'Start time' });
    expect(list.style.blockSize).toBe('126px');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('09:00');
  });

  it('moves with the keyboard and by tapping an item', () => {
    const onChange = vi.fn();
    render(<SmoothScrollPicker items={items} value={1} onChange={onChange} />);
    const list = screen.getByRole('listbox');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Home' });
    fireEvent.keyDown(list, { key: 'End' });
    fireEvent.click(screen.getByText('08:00'));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([2, 0, 3, 0]);
  });

  it('does not treat a small pointer wobble as a drag', () => {
    const onChange = vi.fn();
    render(<SmoothScrollPicker items={items} value={1} onChange={onChange} />);
    const list = screen.getByRole('listbox');
    fireEvent.pointerDown(list, { clientY: 100 });
    fireEvent.pointerMove(list, { clientY: 95 });
    fireEvent.pointerUp(list);
    expect(onChange).not.toHaveBeenCalled();
  });
});
