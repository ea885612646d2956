import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { assertScreenCount, indexAtOffset, isDrag, paddingRows, PICKER_DRAG_THRESHOLD, PICKER_ITEM_HEIGHT, PICKER_VISIBLE } from './smoothScrollPicker';
import styles from './SmoothScrollPicker.module.css';

export type PickerItem<V extends string | number> = { value: V; label: string };

type Props<V extends string | number> = {
  items: readonly PickerItem<V>[];
  value: V;
  onChange(value: V): void;
  label?: string;
  itemHeight?: number;
  visibleCount?: number;
  dragThreshold?: number;
};

/** A drum picker: drag or scroll to a value; a listbox for keyboards and screen readers. */
export function SmoothScrollPicker<V extends string | number>({
  items,
  value,
  onChange,
  label,
  itemHeight = PICKER_ITEM_HEIGHT,
  visibleCount = PICKER_VISIBLE,
  dragThreshold = PICKER_DRAG_THRESHOLD,
}: Props<V>) {
  assertScreenCount(visibleCount);
  const { t } = useTranslation('common');
  const listRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startY: number; startScroll: number; dragging: boolean } | null>(null);
  const baseId = useId();
  const selected = Math.max(
    0,
    items.findIndex((i) => i.value === value),
  );
  const pad = paddingRows(visibleCount);

  useEffect(() => {
    listRef.current?.scrollTo?.({ top: selected * itemHeight, behavior: 'smooth' });
  }, [selected, itemHeight]);

  const choose = (index: number) => {
    const item = items[index];
    if (item && item.value !== value) onChange(item.value);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { startY: e.clientY, startScroll: listRef.current?.scrollTop ?? 0, dragging: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dy = e.clientY - d.startY;
    if (!d.dragging && !isDrag(dy, dragThreshold)) return;
    d.dragging = true;
    if (listRef.current) listRef.current.scrollTop = d.startScroll - dy;
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d?.dragging) choose(indexAtOffset(listRef.current?.scrollTop ?? 0, itemHeight, items.length));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: selected + 1, ArrowUp: selected - 1, Home: 0, End: items.length - 1 };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    choose(Math.min(items.length - 1, Math.max(0, next)));
  };

  return (
    <div
      ref={listRef}
      className={styles.picker}
      style={{ blockSize: itemHeight * visibleCount }}
      role="listbox"
      tabIndex={0}
      aria-label={label ?? t('picker.label')}
      aria-activedescendant={items.length > 0 ? `${baseId}-${selected}` : undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {Array.from({ length: pad }, (_, i) => (
        <div key={`before-${i}`} className={styles.spacer} style={{ blockSize: itemHeight }} aria-hidden="true" />
      ))}
      {items.map((item, index) => (
        <div
          key={String(item.value)}
          id={`${baseId}-${index}`}
          role="option"
          aria-selected={index === selected}
          className={styles.item}
          style={{ blockSize: itemHeight }}
          onClick={() => {
            if (!drag.current?.dragging) choose(index);
          }}
        >
          {item.label}
        </div>
      ))}
      {Array.from({ length: pad }, (_, i) => (
        <div key={`after-${i}`} className={styles.spacer} style={{ blockSize: itemHeight }} aria-hidden="true" />
      ))}
    </div>
  );
}
