// Row 4: a repository mutation (the call row + its outbox entry, one transaction) against a bare
// Dexie put of the same row, interleaved so both see the same machine state.
import { db } from '../../src/db/db';
import { newId } from '../../src/db/mutate';
import type { ServiceCallRow } from '../../src/db/schema';
import { createServiceCall } from '../../src/features/service-calls/serviceCallsRepo';
import type { LocalWriteOptions, LocalWriteResult } from './api';
import { elapsed, freshDatabase } from './common';

async function repoWrite(i: number): Promise<{ ms: number; id: string }> {
  const started = performance.now();
  const id = await createServiceCall({
    buildingId: 101,
    domain: 'plumbing',
    subject: `נזילת מים בקומה ${i % 9}`,
    description: `נזילת מים בחדר המדרגות, קומה ${i % 9}. דחוף, דווח על ידי דייר`,
  });
  return { ms: elapsed(started), id };
}

async function bareWrite(template: ServiceCallRow): Promise<number> {
  const row: ServiceCallRow = { ...template, id: newId() };
  const started = performance.now();
  await db.serviceCalls.put(row);
  return elapsed(started);
}

export async function localWrite(options: LocalWriteOptions): Promise<LocalWriteResult> {
  await freshDatabase();
  const repo: number[] = [];
  const bare: number[] = [];
  let template: ServiceCallRow | null = null;
  for (let i = 0; i < options.warmup + options.count; i++) {
    // Alternate which goes first, so neither always runs right after the other's commit.
    let bareMs = Number.NaN;
    if (template !== null && i % 2 === 1) bareMs = await bareWrite(template);
    const written = await repoWrite(i);
    template = (await db.serviceCalls.get(written.id)) ?? null;
    if (template === null) throw new Error('the repository did not write the row');
    if (Number.isNaN(bareMs)) bareMs = await bareWrite(template);
    if (i < options.warmup) continue;
    repo.push(written.ms);
    bare.push(bareMs);
  }
  return { repo, bare, outboxEntries: await db.outbox.count(), rows: await db.serviceCalls.count() };
}
