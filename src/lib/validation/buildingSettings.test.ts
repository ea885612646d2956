import { describe, expect, it } from 'vitest';
import { bankAccount, logo, logoReference } from './buildingSettings';

describe('building settings formats', () => {
  it('accepts an Israeli bank account as bank-branch-account and refuses other shapes', () => {
    expect(bankAccount('12-345-678901')).toBeNull();
    expect(bankAccount('20-123-1234')).toBeNull();
    expect(bankAccount(null)).toBeNull();
    for (const bad of ['12345678901', '1-345-678901', '12-34-678901', '12-345-12', 'IL12-345-678901', '12-345-678901; DROP']) {
      expect(bankAccount(bad), bad).toEqual({ field: 'bankAccount', messageKey: 'invalidBankAccount' });
    }
  });

  it('takes a logo only as an uploaded file id or a path on this site', () => {
    expect(logoReference('3f2c9a1e-0b7d-4e5f-9a8b-1c2d3e4f5a6b')).toEqual({ kind: 'file', id: '3f2c9a1e-0b7d-4e5f-9a8b-1c2d3e4f5a6b' });
    expect(logoReference('/icons/logo.png')).toEqual({ kind: 'path', path: '/icons/logo.png' });
    for (const bad of [
      'https://evil.example/x.png',
      '//evil.example/x.png',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/x y.png',
    ]) {
      expect(logo(bad), bad).toEqual({ field: 'logoUrl', messageKey: 'invalidLogo' });
    }
  });
});
