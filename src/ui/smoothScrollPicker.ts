// Rules of the smooth scroll picker (spec sections 5 and 9).
export const PICKER_ITEM_HEIGHT = 42;
export const PICKER_VISIBLE = 3;
export const PICKER_DRAG_THRESHOLD = 10;

/** The number of items on screen must be 2 or odd (an odd count has a middle row to select in). */
export function isValidScreenCount(count: number): boolean {
  return Number.isInteger(count) && (count === 2 || (count > 0 && count % 2 === 1));
}

export function assertScreenCount(count: number): void {
  if (!isValidScreenCount(count)) throw new RangeError(`Scroll picker screen count must be 2 or odd, got ${count}`);
}

/** Blank rows before the first and after the last item so they can reach the selection row. */
export function paddingRows(visible: number): number {
  return visible === 2 ? 0 : (visible - 1) / 2;
}

/** Pointer movement smaller than the threshold is a tap, not a drag. */
export function isDrag(deltaY: number, threshold = PICKER_DRAG_THRESHOLD): boolean {
  return Math.abs(deltaY) > threshold;
}

/** The item whose row is nearest to the scroll offset. */
export function indexAtOffset(offset: number, itemHeight: number, count: number): number {
  if (count === 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(offset / itemHeight)));
}
