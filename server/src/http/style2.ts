// Style 2 calls carry `[{ paramName, paramValue, paramType }]` (or `{ params: [...] }`); answers always
// carry APIResponseCode (0 = success), APIResponseText and APIResponseDescription.
import type { ApiError } from './errors.ts';

const INT = 8;

type ParamEntry = { paramName: string; paramValue: unknown; paramType?: unknown };

function isParamEntry(v: unknown): v is ParamEntry {
  return typeof v === 'object' && v !== null && typeof (v as { paramName?: unknown }).paramName === 'string';
}

function fromList(list: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of list) {
    if (!isParamEntry(entry)) continue;
    const { paramName, paramValue, paramType } = entry;
    out[paramName] = Number(paramType) === INT && typeof paramValue === 'string' && paramValue.trim() !== '' ? Number(paramValue) : paramValue;
  }
  return out;
}

/** Accepts a parameter list, `{ params: [...] }`, or a plain object; returns name → value. */
export function parseParams(body: unknown): Record<string, unknown> {
  if (Array.isArray(body)) return fromList(body);
  if (typeof body === 'object' && body !== null) {
    const { params, ...rest } = body as { params?: unknown };
    return Array.isArray(params) ? { ...rest, ...fromList(params) } : { ...rest };
  }
  return {};
}

/** Every value of a parameter that may repeat (e.g. several `base64String` in one upload), in order. */
export function paramValues(body: unknown, name: string): unknown[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && Array.isArray((body as { params?: unknown }).params)
      ? (body as { params: unknown[] }).params
      : null;
  if (list)
    return list
      .filter(isParamEntry)
      .filter((e) => e.paramName === name)
      .map((e) => e.paramValue);
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** procParams / funcParams may arrive as a list, a JSON string of a list, or an object. */
export function parseNested(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return parseParams(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return parseParams(value);
}

export function ok2(data: Record<string, unknown> = {}): Record<string, unknown> {
  return { APIResponseCode: 0, APIResponseText: 'OK', APIResponseDescription: '', ...data };
}

/** Provider habit: failures answer HTTP 200 with a non-zero code; -1 = session expired. */
export function style2ErrorCode(e: ApiError): number {
  if (e.status === 401) return -1;
  if (e.status === 403) return 3;
  if (e.status === 404) return 2;
  if (e.status === 429) return 4;
  return 1;
}

export function str(params: Record<string, unknown>, name: string): string {
  const v = params[name];
  return v === undefined || v === null ? '' : String(v).trim();
}
