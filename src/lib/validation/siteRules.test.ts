import { describe, expect, it } from 'vitest';
import { listedSite, normalSiteUrl, siteLimits, siteList, siteUrl } from './siteRules';

describe('a company site address', () => {
  it('accepts a full https address and keeps its canonical form', () => {
    expect(siteUrl('https://www.example.co.il')).toBeNull();
    expect(normalSiteUrl(' https://WWW.Example.co.il/Tenants/ ')).toBe('https://www.example.co.il/Tenants');
    expect(normalSiteUrl('https://example.co.il:8443/a?x=1#top')).toBe('https://example.co.il:8443/a');
  });

  it('refuses anything that is not an https address of a named host', () => {
    for (const bad of [
      'http://www.example.co.il',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example',
      'www.example.co.il',
      'https://user:pass@example.co.il',
      'https://localhost',
      'https://exa mple.co.il',
      'https:///path',
      'ftp://example.co.il',
      `https://example.co.il/${'a'.repeat(siteLimits.maxLength)}`,
    ]) {
      expect(siteUrl(bad), bad).toEqual({ field: 'siteUrl', messageKey: 'invalidSiteUrl' });
    }
    expect(siteUrl('  ')).toEqual({ field: 'siteUrl', messageKey: 'requiredField' });
  });

  it('refuses a list with a repeated address or more than the limit', () => {
    expect(siteList(['https://a.example.co.il', 'https://b.example.co.il'])).toBeNull();
    expect(siteList(['https://a.example.co.il', 'https://A.example.co.il/'])).toEqual({ field: 'siteUrl', messageKey: 'siteAlreadyListed' });
    const many = Array.from({ length: siteLimits.maxSites + 1 }, (_, i) => `https://s${i}.example.co.il`);
    expect(siteList(many)).toEqual({ field: 'siteUrl', messageKey: 'tooManySites', params: { max: siteLimits.maxSites } });
    expect(siteList(['https://a.example.co.il', 'http://b.example.co.il'])).toEqual({ field: 'siteUrl', messageKey: 'invalidSiteUrl' });
  });

  it('finds a link’s site only on the company’s list, and answers the listed address', () => {
    const listed = ['https://www.migdal-demo.co.il/tenants'];
    expect(listedSite('https://WWW.migdal-demo.co.il/tenants/?utm=x', listed)).toBe('https://www.migdal-demo.co.il/tenants');
    expect(listedSite('https://www.migdal-demo.co.il/other', listed)).toBeNull();
    expect(listedSite('https://evil.example/tenants', listed)).toBeNull();
    expect(listedSite('http://www.migdal-demo.co.il/tenants', listed)).toBeNull();
    expect(listedSite('https://www.migdal-demo.co.il.evil.example/tenants', listed)).toBeNull();
    expect(listedSite('https://www.migdal-demo.co.il/tenants', [])).toBeNull();
  });
});
