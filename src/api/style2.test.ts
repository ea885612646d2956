import { describe, expect, it } from 'vitest';
import { p, style2Outcome } from './style2';

describe('style 2 parameters', () => {
  it('use the provider type codes', () => {
    expect(p.int('CompID', 1001)).toEqual({ paramName: 'CompID', paramValue: 1001, paramType: 8 });
    expect(p.nvarchar('UserName', 'אבי').paramType).toBe(12);
    expect(p.guid('fileID', 'f').paramType).toBe(14);
    expect(p.date('DepositDate', '2025-01-31').paramType).toBe(15);
    expect(p.varchar('code', 'x').paramType).toBe(22);
  });

  it('send a Date as the local calendar day', () => {
    expect(p.date('d', new Date(2025, 0, 5, 23, 59)).paramValue).toBe('2025-01-05');
    expect(p.date('d', new Date(2024, 11, 31, 0, 30)).paramValue).toBe('2024-12-31');
  });
});

describe('style 2 answer codes', () => {
  it('read 0 as success, -1 as the session, 4 as a rate limit and anything else as a refusal', () => {
    expect(style2Outcome(undefined)).toBeUndefined();
    expect(style2Outcome(0)).toBe('ok');
    expect(style2Outcome(-1)).toBe('session');
    expect(style2Outcome(4)).toBe('rateLimited');
    for (const code of [1, 2, 3, 99]) expect(style2Outcome(code)).toBe('refused');
  });
});
