// The device side of a start-up link's site: what is kept for after sign-in, and the remembered choice.
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLinkSite, pendingLinkSite, rememberLinkSite, setSiteChoice, siteChoiceOf, siteChoices } from './companySite';

function takeLinkSite(): string | null {
  const site = pendingLinkSite();
  forgetLinkSite();
  return site;
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('a start-up link’s site on the device', () => {
  it('keeps an https site in canonical form until it is forgotten', () => {
    rememberLinkSite(' https://WWW.Binyan-Demo.co.il/tenants/?utm=mail ');
    expect(pendingLinkSite()).toBe('https://www.binyan-demo.co.il/tenants');
    expect(takeLinkSite()).toBe('https://www.binyan-demo.co.il/tenants');
    expect(takeLinkSite()).toBeNull();
  });

  it('drops a non-https, malformed or empty site, and a later bad link clears an earlier one', () => {
    for (const bad of ['http://www.binyan-demo.co.il', 'javascript:alert(1)', '//evil.example', '']) {
      rememberLinkSite(bad);
      expect(takeLinkSite(), bad).toBeNull();
    }
    rememberLinkSite('https://www.binyan-demo.co.il');
    rememberLinkSite('http://www.binyan-demo.co.il');
    expect(takeLinkSite()).toBeNull();
  });

  it('remembers a choice per site, changes it and forgets it', () => {
    setSiteChoice('https://www.binyan-demo.co.il/tenants', 'app');
    setSiteChoice('https://portal.binyan-demo.co.il', 'site');
    expect(siteChoiceOf('https://www.binyan-demo.co.il/tenants')).toBe('app');
    setSiteChoice('https://www.binyan-demo.co.il/tenants', 'site');
    expect(siteChoices()).toEqual([
      { site: 'https://www.binyan-demo.co.il/tenants', choice: 'site' },
      { site: 'https://portal.binyan-demo.co.il', choice: 'site' },
    ]);
    setSiteChoice('https://portal.binyan-demo.co.il', null);
    expect(siteChoiceOf('https://portal.binyan-demo.co.il')).toBeNull();
    window.localStorage.setItem('binyan.siteChoices', '{"https://x.example.co.il":"elsewhere"');
    expect(siteChoices()).toEqual([]);
  });
});
