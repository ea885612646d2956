import { describe, expect, it } from 'vitest';
import { isGapFree, isReceiptIssuerKind, issuerKindOf, receiptIssuerKey } from './receiptIssuer';

describe('receipt issuers', () => {
  it('keys the company by company and the committee by building', () => {
    expect(receiptIssuerKey('company', 3, 12)).toBe('company:3');
    expect(receiptIssuerKey('committee', 3, 12)).toBe('committee:12');
    expect(issuerKindOf('committee:12')).toBe('committee');
    expect(issuerKindOf('company:3')).toBe('company');
    expect(issuerKindOf(null)).toBe('company');
    expect(isReceiptIssuerKind('committee')).toBe(true);
    expect(isReceiptIssuerKind('tenant')).toBe(false);
  });

  it('a sequence is gap-free when it runs from the first number without a hole or a repeat', () => {
    expect(isGapFree([1003, 1001, 1002], 1001)).toBe(true);
    expect(isGapFree([], 1001)).toBe(true);
    expect(isGapFree([1001, 1003], 1001)).toBe(false);
    expect(isGapFree([1001, 1001], 1001)).toBe(false);
    expect(isGapFree([1002], 1001)).toBe(false);
  });
});
