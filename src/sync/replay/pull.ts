// Pull helpers for repositories: GET a list or one record and refresh the table without touching
// rows that have pending local changes (rows.ts, applyServerRecords).
import type { ApiClient, RequestOptions } from '../../api/client';
import type { TableName } from '../../db/db';
import { applyServerRecords } from '../write/rows';
import type { PullResult } from '../write/rows';
import { isRecord } from '../../lib/records';

type Row = Record<string, unknown>;

/** The records of a list answer: an array, `{ records }`, or `{ record }`. */
export function recordsOf(body: unknown, field = 'records'): Row[] {
  if (Array.isArray(body)) return body.filter(isRecord);
  if (!isRecord(body)) return [];
  const list = body[field];
  if (Array.isArray(list)) return list.filter(isRecord);
  return isRecord(body.record) ? [body.record] : [];
}

export type PullSpec = {
  table: TableName;
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  options?: RequestOptions;
  /** Local rows of this scope; those the server no longer returns are removed (unless pending). */
  scope?: (row: Row) => boolean;
  field?: string;
};

export async function pullInto(api: ApiClient, spec: PullSpec): Promise<PullResult & { records: Row[] }> {
  const sentAt = Date.now();
  const body = await api.request<unknown>('GET', spec.path, spec.query, spec.options);
  const records = recordsOf(body, spec.field);
  const result = await applyServerRecords(spec.table, records, spec.scope, sentAt);
  return { ...result, records };
}
