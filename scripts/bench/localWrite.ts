// Row 4: a repository mutation (row + outbox entry, one Dexie transaction) vs a bare Dexie put of the
// same row, p50 / p95, in real Chromium (bench/harness/localWrite.ts).
import type { BenchContext } from './context';
import { ms, percentile, ratio, times } from './stats';
import type { BenchRow } from './table';

const TARGET_RATIO = 2;

export async function measureLocalWrite(ctx: BenchContext): Promise<BenchRow> {
  const count = ctx.quick ? 50 : 1_000;
  const harness = await ctx.harness();
  const warmup = ctx.quick ? 5 : 50;
  const r = await harness.call('localWrite', { count, warmup });
  // Every repository write is one row and one entry; every reference put one more row.
  const writes = count + warmup;
  if (r.repo.length !== count || r.outboxEntries !== writes || r.rows !== writes * 2) {
    throw new Error(`local write left ${r.rows} rows and ${r.outboxEntries} outbox entries (expected ${writes * 2} and ${writes})`);
  }
  const p50 = percentile(r.repo, 50);
  const p95 = percentile(r.repo, 95);
  const b50 = percentile(r.bare, 50);
  const b95 = percentile(r.bare, 95);
  const r50 = ratio(p50, b50);
  const r95 = ratio(p95, b95);
  return {
    figure: 'local write',
    how: `serviceCallsRepo.createServiceCall (call row + outbox entry, one transaction) × ${count}, interleaved with the reference`,
    result: `p50 ${ms(p50)} · p95 ${ms(p95)}`,
    reference: `bare Dexie put of the same row: p50 ${ms(b50)} · p95 ${ms(b95)}`,
    ratio: `${times(r50)} · ${times(r95)}`,
    target: '≤ 2×',
    verdict: r50 <= TARGET_RATIO && r95 <= TARGET_RATIO ? 'met' : 'missed',
    values: { count, repoP50Ms: p50, repoP95Ms: p95, bareP50Ms: b50, bareP95Ms: b95, ratioP50: r50, ratioP95: r95 },
  };
}
