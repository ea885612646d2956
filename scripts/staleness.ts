// Decides whether dist/ must be rebuilt: no build stamp, or any input file newer than it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function newestMtimeMs(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as a newer directory
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtimeMs(path.join(target, entry)));
  return newest;
}

export function isBuildStale(stampPath: string, inputs: string[]): boolean {
  if (!existsSync(stampPath)) return true;
  const builtAt = statSync(stampPath).mtimeMs;
  return inputs.some((input) => newestMtimeMs(input) > builtAt);
}
