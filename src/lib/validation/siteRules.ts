// A management company's customised sites (spec 2 "choice of continuing in the app or on a customized
// site"): the addresses staff list, and the rule a start-up link's `site` parameter must pass before the
// app offers to go there. Only an address on the company's list is ever opened, and the app opens the
// listed address itself, never the link's text: a link cannot send anyone to a site of its choosing.
import type { RuleResult } from './rules.ts';
import { isBlank } from './rules.ts';

export const siteLimits = { maxSites: 10, maxLength: 300 } as const;

/**
 * The canonical form of a site address (scheme, host, port and path; no query, fragment or trailing
 * slash), or null when it is not an https address a person could have meant: no credentials, a host
 * name with a dot, no whitespace.
 */
export function normalSiteUrl(value: string): string | null {
  const v = value.trim();
  if (v === '' || v.length > siteLimits.maxLength || /\s/.test(v) || !/^https:\/\//i.test(v)) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  if (!/^[a-z0-9.-]+$/.test(url.hostname) || !url.hostname.includes('.') || url.hostname.startsWith('.') || url.hostname.endsWith('.')) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

export function siteUrl(value: string | null | undefined, field = 'siteUrl'): RuleResult {
  if (isBlank(value)) return { field, messageKey: 'requiredField' };
  return normalSiteUrl(value ?? '') === null ? { field, messageKey: 'invalidSiteUrl' } : null;
}

/** The whole list staff save: each address valid, none twice, at most `maxSites`. */
export function siteList(values: readonly string[], field = 'siteUrl'): RuleResult {
  if (values.length > siteLimits.maxSites) return { field, messageKey: 'tooManySites', params: { max: siteLimits.maxSites } };
  const seen = new Set<string>();
  for (const value of values) {
    const failure = siteUrl(value, field);
    if (failure) return failure;
    const normal = normalSiteUrl(value) ?? '';
    if (seen.has(normal)) return { field, messageKey: 'siteAlreadyListed' };
    seen.add(normal);
  }
  return null;
}

/**
 * The listed site a link's `site` parameter names (compared in canonical form), or null for an
 * unknown, malformed or non-https one. The answer is the listed address, the only one ever opened.
 */
export function listedSite(candidate: string, listed: readonly string[]): string | null {
  const wanted = normalSiteUrl(candidate);
  if (wanted === null) return null;
  return listed.find((site) => normalSiteUrl(site) === wanted) ?? null;
}
