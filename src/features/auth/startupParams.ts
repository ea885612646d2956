// Start-up URL parameters (spec section 2): `sessintoken`; or `userinfo` (user,password) with `cpid`,
// `st`, `fa`, `hn`; or `bid` with `compid`. They are applied to the session, then removed from the URL.
// The `userinfo` password is never part of the session (startup.ts decides what it may do).
// `site` names the management company's customised site the user came from (session/companySite.ts).
import type { Session } from '../../db/sessionVault';

export const startupParamNames = ['sessintoken', 'userinfo', 'cpid', 'st', 'fa', 'hn', 'bid', 'compid', 'site'] as const;

export type StartupParams =
  | { kind: 'sessionToken'; token: string }
  | { kind: 'userInfo'; patch: Partial<Session>; password: string }
  | { kind: 'building'; bid: number; compId: number }
  | { kind: 'none' };

const positive = (v: string | null): number | null => {
  const n = Number(v);
  return v !== null && v.trim() !== '' && Number.isInteger(n) && n > 0 ? n : null;
};

const truthy = (v: string | null): boolean => v !== null && ['1', 'true', 'yes'].includes(v.trim().toLowerCase());

export function readStartupParams(search: URLSearchParams): StartupParams {
  const token = search.get('sessintoken');
  if (token) return { kind: 'sessionToken', token };

  const userInfo = search.get('userinfo');
  if (userInfo !== null) {
    const comma = userInfo.indexOf(',');
    const userName = (comma < 0 ? userInfo : userInfo.slice(0, comma)).trim();
    const password = comma < 0 ? '' : userInfo.slice(comma + 1);
    const compID = positive(search.get('cpid'));
    const st = search.get('st') ?? '';
    const patch: Partial<Session> = {
      userName,
      ...(compID === null ? {} : { compID }),
      sessionToken: st,
      tokenCreated: st ? new Date().toISOString() : null,
      // Without a token, signed in only once the password (where the server allows) or a code gives one.
      loggedIn: st !== '',
      fullAddress: search.get('fa') ?? '',
      hideNavigation: truthy(search.get('hn')),
    };
    return { kind: 'userInfo', patch, password };
  }

  const bid = positive(search.get('bid'));
  const compId = positive(search.get('compid'));
  if (bid !== null && compId !== null) return { kind: 'building', bid, compId };
  return { kind: 'none' };
}

/** The same URL without the start-up parameters (path, other query and hash kept). */
export function withoutStartupParams(href: string): string {
  const url = new URL(href);
  for (const name of startupParamNames) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function hasStartupParams(search: URLSearchParams): boolean {
  return startupParamNames.some((name) => search.has(name));
}
