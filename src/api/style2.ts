// Style 2 parameter builders. Type codes are the provider's SQL types (spec section 9).
import { toLocalDateString } from '../lib/localDate';
import type { Style2Param } from './client';

export const paramTypes = { int: 8, nvarchar: 12, guid: 14, date: 15, varchar: 22 } as const;

type Value = Style2Param['paramValue'];

function param(paramType: number) {
  return (paramName: string, paramValue: Value): Style2Param => ({ paramName, paramValue, paramType });
}

export const p = {
  int: (name: string, value: number | null): Style2Param => param(paramTypes.int)(name, value),
  nvarchar: (name: string, value: string | null): Style2Param => param(paramTypes.nvarchar)(name, value),
  guid: (name: string, value: string | null): Style2Param => param(paramTypes.guid)(name, value),
  /** SmallDateTime; a Date is sent as the local calendar date yyyy-mm-dd (spec section 5). */
  date: (name: string, value: Date | string | null): Style2Param => param(paramTypes.date)(name, value instanceof Date ? toLocalDateString(value) : value),
  varchar: (name: string, value: string | null): Style2Param => param(paramTypes.varchar)(name, value),
} as const;

/**
 * What a style 2 answer's APIResponseCode means (spec 8): 0 success, -1 session expired (re-login);
 * the reference server also answers 2 not found, 3 forbidden and 4 too many requests. Read before
 * anything else in the answer: a refusal is HTTP 200 with a non-zero code.
 */
export type Style2Outcome = 'ok' | 'session' | 'rateLimited' | 'refused';

export const STYLE2_RATE_LIMITED = 4;

export function style2Outcome(code: number | undefined): Style2Outcome | undefined {
  if (code === undefined) return undefined;
  if (code === 0) return 'ok';
  if (code === -1) return 'session';
  if (code === STYLE2_RATE_LIMITED) return 'rateLimited';
  return 'refused';
}
