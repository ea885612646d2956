// One row per figure: what was measured, its reference from the same run, the ratio and the target.
// Printed as one markdown table and written as JSON (the README's Performance section quotes it).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Verdict = 'met' | 'missed' | 'n/a';

export type BenchRow = {
  figure: string;
  /** What was measured and how much of it (counts, data set). */
  how: string;
  result: string;
  /** The reference measured in the same run, or '—'. */
  reference: string;
  ratio: string;
  target: string;
  verdict: Verdict;
  /** Raw numbers for results.json. */
  values: Record<string, number | string | boolean | null>;
  /** Set when the row could not be measured at all (the run then fails). */
  error?: string;
};

export type Machine = { nproc: number; cpu: string; memoryGiB: number; node: string; chromium: string; os: string };

export type BenchReport = { mode: 'full' | 'quick'; startedAt: string; durationMs: number; machine: Machine; rows: BenchRow[] };

export function failedRow(figure: string, target: string, error: unknown): BenchRow {
  const message = error instanceof Error ? error.message : String(error);
  return { figure, how: '', result: 'not measured', reference: '—', ratio: '—', target, verdict: 'n/a', values: {}, error: message.split('\n')[0] ?? message };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const mark: Record<Verdict, string> = { met: '✅ met', missed: '❌ missed', 'n/a': '—' };

export function markdownTable(rows: readonly BenchRow[]): string {
  const lines = ['| figure | measured | result | reference (same run) | ratio | target | |', '| --- | --- | --- | --- | --- | --- | --- |'];
  for (const row of rows) {
    const verdict = row.error ? `⚠️ ${row.error}` : mark[row.verdict];
    lines.push(`| ${[row.figure, row.how, row.result, row.reference, row.ratio, row.target, verdict].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

export function machineLine(m: Machine): string {
  return `${m.nproc} × ${m.cpu}, ${m.memoryGiB} GiB RAM, ${m.os}, Node ${m.node}, ${m.chromium}`;
}

export function writeReport(file: string, report: BenchReport): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
