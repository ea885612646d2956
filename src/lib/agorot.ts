// Money is integer agorot (1/100 NIS) everywhere a sum, a fee or VAT is computed, on the device and on
// the server: floating-point shekels only at the edges (a form field, a formatted label). Rounding is
// half away from zero to the nearest agora, the way an Israeli receipt rounds.

/** Whole agorot of an amount in NIS (a form field, a provider's decimal): 12.345 → 1235. */
export function agorotOf(nis: number): number {
  if (!Number.isFinite(nis)) throw new RangeError(`not an amount: ${nis}`);
  // toFixed first: 1.005 * 100 is 100.49999999999999 in binary floating point.
  return roundHalfAway(Number((nis * 100).toFixed(6)));
}

/** NIS of whole agorot, for display and for providers that take decimals. */
export function nisOf(agorot: number): number {
  assertAgorot(agorot);
  return agorot / 100;
}

export function assertAgorot(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`agorot must be a safe integer: ${value}`);
}

export function sumAgorot(values: readonly number[]): number {
  let total = 0;
  for (const v of values) {
    assertAgorot(v);
    total += v;
  }
  return total;
}

export function roundHalfAway(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

/** 1 % = 100 basis points; rates are kept in basis points so they stay integers too. */
export function percentOfAgorot(agorot: number, basisPoints: number): number {
  assertAgorot(agorot);
  return roundHalfAway((agorot * basisPoints) / 10_000);
}

/**
 * Splits `total` agorot over `weights` in proportion, each part whole, the parts adding up to `total`
 * exactly (largest remainder). For a fee spread over the debts it pays, or a payment over its debts.
 */
export function allocateAgorot(total: number, weights: readonly number[]): number[] {
  assertAgorot(total);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  if (weights.length === 0) return [];
  if (weightSum <= 0) {
    const parts = weights.map(() => 0);
    parts[0] = total;
    return parts;
  }
  const exact = weights.map((w) => (total * w) / weightSum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) {
    const slot = order[k];
    if (slot) parts[slot.i] = (parts[slot.i] ?? 0) + 1;
  }
  return parts;
}
