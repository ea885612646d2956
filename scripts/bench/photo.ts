// Row 7: a deterministic 4000×3000 camera JPEG → the app's compression worker → the Blob to store;
// floor = createImageBitmap resize + OffscreenCanvas.convertToBlob in a worker of the same kind.
import type { BenchContext } from './context';
import { kb, median, ms, ratio, times } from './stats';
import type { BenchRow } from './table';

const TARGET_RATIO = 1.5;
const TARGET_BYTES = 400 * 1024;

export async function measurePhoto(ctx: BenchContext): Promise<BenchRow> {
  const runs = ctx.quick ? 1 : 5;
  const harness = await ctx.harness();
  const r = await harness.call('photo', { runs, width: 4000, height: 3000, profile: 'attachment' });
  if (r.realBytes === 0 || r.floorBytes === 0) throw new Error('a compression produced no bytes');
  const real = median(r.real);
  const floor = median(r.floor);
  const x = ratio(real, floor);
  const met = x <= TARGET_RATIO && r.realBytes <= TARGET_BYTES && r.longTasks === 0 && r.longTaskSupported;
  return {
    figure: 'photo',
    how: `4000×3000 JPEG (${kb(r.inputBytes)}) → compressPhoto('attachment') in the comlink worker → ${r.realSize} Blob, median of ${runs}`,
    result: `${ms(real)}, ${kb(r.realBytes)}, ${r.longTasks} main-thread long tasks${r.longTaskSupported ? '' : ' (longtask not observable)'}`,
    reference: `floor ${ms(floor)}, ${kb(r.floorBytes)}`,
    ratio: times(x),
    target: '≤ 1.5× the floor, ≤ 400 KB, 0 long tasks',
    verdict: met ? 'met' : 'missed',
    values: {
      runs,
      inputBytes: r.inputBytes,
      realMedianMs: real,
      floorMedianMs: floor,
      ratio: x,
      realBytes: r.realBytes,
      floorBytes: r.floorBytes,
      longTasks: r.longTasks,
      longTaskMs: r.longTaskMs,
      realSamples: r.real.join(','),
      floorSamples: r.floor.join(','),
    },
  };
}
