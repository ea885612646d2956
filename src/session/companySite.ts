// A start-up link's customised site (spec 2 "choice of continuing in the app or on a customized site").
// The link's `site` waits in the tab until the user is signed in and the company's list is known
// (app/SiteChoiceGate.tsx); the user's choice for each site is kept on the device and changed on the
// profile screen. Only an https address is kept; the company's list decides whether it is offered.
import { answerOf } from '../api/answers';
import type { ApiClient } from '../api/client';
import { normalSiteUrl } from '../lib/validation/siteRules';
import { withPageClient } from './api';

export type SiteChoice = 'app' | 'site';

const PENDING_KEY = 'binyan.linkSite';
const CHOICES_KEY = 'binyan.siteChoices';

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps a link's `site` parameter for after sign-in; a malformed or non-https one is dropped here. */
export function rememberLinkSite(raw: string | null): void {
  const normal = raw === null ? null : normalSiteUrl(raw);
  if (normal === null) storage('session')?.removeItem(PENDING_KEY);
  else storage('session')?.setItem(PENDING_KEY, normal);
}

/** The link's site waiting to be offered, if any (kept until `forgetLinkSite`). */
export function pendingLinkSite(): string | null {
  return storage('session')?.getItem(PENDING_KEY) ?? null;
}

/** The link's site was offered (or found unlisted): it is not offered again. */
export function forgetLinkSite(): void {
  storage('session')?.removeItem(PENDING_KEY);
}

function readChoices(): Record<string, SiteChoice> {
  try {
    const parsed: unknown = JSON.parse(storage('local')?.getItem(CHOICES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, SiteChoice] => e[1] === 'app' || e[1] === 'site'));
  } catch {
    return {};
  }
}

/** The remembered choices of this device, by listed site address. */
export function siteChoices(): { site: string; choice: SiteChoice }[] {
  return Object.entries(readChoices()).map(([site, choice]) => ({ site, choice }));
}

export function siteChoiceOf(site: string): SiteChoice | null {
  return readChoices()[site] ?? null;
}

/** Remembers a choice for a site, or forgets it (`null`: ask again next time). */
export function setSiteChoice(site: string, choice: SiteChoice | null): void {
  const next = { ...readChoices() };
  if (choice === null) delete next[site];
  else next[site] = choice;
  storage('local')?.setItem(CHOICES_KEY, JSON.stringify(next));
}

export async function fetchCompanySites(client: ApiClient): Promise<string[]> {
  // The answers' schemas (zod) load with the call: the sign-in page, which keeps a link's site, needs none of them.
  const [{ companySitesAnswer }, answer] = await Promise.all([import('../lib/answers'), client.request('GET', 'company/sites')]);
  return answerOf(companySitesAnswer, answer).sites;
}

/** Leaves the app for a listed site (kept in one place so no other address can reach it). */
export function openListedSite(site: string): void {
  if (normalSiteUrl(site) === site) window.location.assign(site);
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const companySiteCalls = {
  fetchCompanySites: withPageClient(fetchCompanySites),
};
