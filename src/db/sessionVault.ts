// The session (spec section 3) lives encrypted (AES-GCM) in IndexedDB `meta`, under a non-extractable
// key kept in the same table, so the page and the service worker can both read it. Cookies mirror it
// per spec (every key except the token, encrypted). Nothing here is ever written in plain text.
// The password is not kept at all (issue 11 §3): the silent re-login spends a renewal secret bound to
// this device's id instead, and a session stored by an older version loses its password on first load.
import { decryptJson, encryptJson, generateAesKey } from '../lib/crypto';
import { metaStore } from './metaStore';
import type { MetaRow } from './schema';

export type Session = {
  userName: string;
  /** Spent and replaced by every silent re-login (POST /auth/session/renew); '' when there is none. */
  renewalSecret: string;
  /** A random id of this device that the renewal secret is bound to; kept across logouts. */
  deviceId: string;
  userID: number | null;
  compGUID: string;
  compID: number | null;
  sessionToken: string;
  tokenCreated: string | null;
  loggedIn: boolean;
  contactID: number | null;
  bID: number | null;
  uID: number | null;
  dealerNumber: number | null;
  companiesCount: number;
  createHok: boolean;
  languageId: number;
  PermSrvCall: number;
  PermClearing: number;
  WorkerName: string;
  showRulesServiceCall: boolean;
  serviceCallsSearch: string;
  serviceCallsOrder: string;
  buildingsSearch: string;
  buildingsOrder: string;
  openServiceCallsCnt: number;
  allowReceptionistModule: number;
  hideNavigation: boolean;
  isBuildingValidToChex: boolean;
  workerID: number | null;
  workerGUID: string;
  showChecksDeposit: number;
  /** The user's role (src/lib/rights); decides with the flags above what the screens offer. */
  role: string;
  financialReportContact: string | null;
  /** Building address from the `fa` start-up parameter. */
  fullAddress: string;
  /** Where the user was going when sent to Login (spec section 2: "previous path"). */
  previousPath: string | null;
};

export const emptySession: Session = {
  userName: '',
  renewalSecret: '',
  deviceId: '',
  userID: null,
  compGUID: '',
  compID: null,
  sessionToken: '',
  tokenCreated: null,
  loggedIn: false,
  contactID: null,
  bID: null,
  uID: null,
  dealerNumber: null,
  companiesCount: 0,
  createHok: false,
  languageId: 1,
  PermSrvCall: 0,
  PermClearing: 0,
  WorkerName: '',
  showRulesServiceCall: false,
  serviceCallsSearch: '',
  serviceCallsOrder: '',
  buildingsSearch: '',
  buildingsOrder: '',
  openServiceCallsCnt: 0,
  allowReceptionistModule: 0,
  hideNavigation: false,
  isBuildingValidToChex: false,
  workerID: null,
  workerGUID: '',
  showChecksDeposit: 0,
  role: '',
  financialReportContact: null,
  fullAddress: '',
  previousPath: null,
};

/** Logged in = non-empty token, non-empty company id and the logged-in flag (spec section 4). */
export function isLoggedIn(s: Pick<Session, 'sessionToken' | 'compID' | 'loggedIn'>): boolean {
  return s.loggedIn && s.sessionToken !== '' && s.compID !== null && s.compID !== 0;
}

/** Enough stored to sign in again without the user (spec section 4): a renewal secret and its device. */
export function hasRenewalSecret(s: Pick<Session, 'renewalSecret' | 'deviceId'>): boolean {
  return s.renewalSecret !== '' && s.deviceId !== '';
}

/** Fields older versions stored and this one must not keep (the password, even encrypted). */
const RETIRED_FIELDS = ['pswd'] as const;

function withoutRetired(stored: Partial<Session> & Partial<Record<(typeof RETIRED_FIELDS)[number], unknown>>): { session: Session; retired: boolean } {
  const copy: Record<string, unknown> = { ...stored };
  let retired = false;
  for (const field of RETIRED_FIELDS) {
    if (field in copy) retired = true;
    delete copy[field];
  }
  return { session: { ...emptySession, ...(copy as Partial<Session>) }, retired };
}

export type ClearOptions = { keepCredentials?: boolean; prefill?: Pick<Session, 'compID' | 'userName'> };

export type MetaStore = {
  get(key: string): Promise<MetaRow | undefined>;
  put(row: MetaRow): Promise<unknown>;
  delete(key: string): Promise<unknown>;
};

export type CookieJar = { read(): string; write(cookie: string): void; secure: boolean };

export const KEY_ROW = 'session.key';
export const DATA_ROW = 'session.data';
export const COOKIE_NAME = 'bn_s';
const COOKIE_CHUNK = 3500;
const COOKIE_MAX_CHUNKS = 4;
const COOKIE_MAX_AGE_S = 60 * 24 * 60 * 60;
const CHANNEL = 'binyan-session';

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127\./.test(hostname);
}

// The service worker shares this module and has no `document` (nor its type): reach it through globalThis.
type CookieDocument = { cookie: string };

export function documentCookieJar(): CookieJar | null {
  const doc = (globalThis as { document?: CookieDocument }).document;
  if (doc === undefined || typeof location === 'undefined') return null;
  return {
    read: () => doc.cookie,
    write: (cookie) => {
      doc.cookie = cookie;
    },
    secure: !isLocalHost(location.hostname),
  };
}

function cookieAttributes(jar: CookieJar, maxAge: number): string {
  return `; Max-Age=${maxAge}; Path=/; SameSite=Lax${jar.secure ? '; Secure' : ''}`;
}

function readCookieValue(jar: CookieJar): string | null {
  const pairs = new Map(
    jar
      .read()
      .split(';')
      .map((c) => c.trim().split('=') as [string, string?])
      .map(([k, v]) => [k, v ?? ''] as const),
  );
  let value = '';
  for (let i = 0; i < COOKIE_MAX_CHUNKS; i += 1) {
    const part = pairs.get(`${COOKIE_NAME}${i}`);
    if (part === undefined) break;
    value += decodeURIComponent(part);
  }
  return value === '' ? null : value;
}

function writeCookieValue(jar: CookieJar, value: string | null): void {
  for (let i = 0; i < COOKIE_MAX_CHUNKS; i += 1) {
    const part = value?.slice(i * COOKIE_CHUNK, (i + 1) * COOKIE_CHUNK) ?? '';
    if (part === '') jar.write(`${COOKIE_NAME}${i}=${cookieAttributes(jar, 0)}`);
    else jar.write(`${COOKIE_NAME}${i}=${encodeURIComponent(part)}${cookieAttributes(jar, COOKIE_MAX_AGE_S)}`);
  }
}

export type SessionVault = {
  loadSession(): Promise<Session>;
  /** Reads storage again, past this context's cache (another tab or the service worker may have saved). */
  refreshSession(): Promise<Session>;
  /** This device's id, made and stored on first use. */
  deviceId(): Promise<string>;
  saveSession(s: Session): Promise<Session>;
  updateSession(patch: Partial<Session>): Promise<Session>;
  clearSession(options?: ClearOptions): Promise<Session>;
  /** The last loaded or saved session without touching storage (for API token getters). */
  cachedSession(): Session | null;
  /** Called with the new session when this or another context (tab, service worker) saves it. */
  subscribe(listener: (s: Session) => void): () => void;
};

export type VaultOptions = {
  /** BroadcastChannel name shared by the tabs and the service worker; null for none (tests). */
  channel?: string | null;
};

export function createSessionVault(meta: MetaStore, cookies: CookieJar | null, options: VaultOptions = {}): SessionVault {
  let cache: Session | null = null;
  let keyPromise: Promise<CryptoKey> | null = null;
  const listeners = new Set<(s: Session) => void>();
  const channelName = options.channel === undefined ? CHANNEL : options.channel;
  const channel = channelName === null || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);

  function notify(s: Session): void {
    for (const listener of listeners) listener(s);
  }

  channel?.addEventListener('message', () => {
    cache = null;
    loadSession().then(notify, () => undefined);
  });

  function key(): Promise<CryptoKey> {
    keyPromise ??= (async () => {
      const row = await meta.get(KEY_ROW);
      if (row?.value instanceof CryptoKey) return row.value;
      const fresh = await generateAesKey();
      await meta.put({ key: KEY_ROW, value: fresh });
      // Another context may have stored its key first: use whichever is in the table.
      const stored = await meta.get(KEY_ROW);
      return stored?.value instanceof CryptoKey ? stored.value : fresh;
    })();
    keyPromise.catch(() => {
      keyPromise = null;
    });
    return keyPromise;
  }

  /** The stored key, without making one: reading a session must not write (nor load Dexie, metaStore.ts). */
  async function existingKey(): Promise<CryptoKey | null> {
    if (keyPromise) return keyPromise;
    const row = await meta.get(KEY_ROW);
    if (!(row?.value instanceof CryptoKey)) return null;
    keyPromise ??= Promise.resolve(row.value);
    return keyPromise;
  }

  async function fromCookies(k: CryptoKey): Promise<{ session: Session; retired: boolean } | null> {
    const value = cookies ? readCookieValue(cookies) : null;
    if (!value) return null;
    try {
      const { session, retired } = withoutRetired(await decryptJson<Partial<Session>>(k, value));
      return { session: { ...session, sessionToken: '' }, retired };
    } catch {
      return null;
    }
  }

  async function loadSession(): Promise<Session> {
    if (cache) return cache;
    // Both rows at once: each read opens the database (metaStore.ts), one after the other was ~20 ms more on a start.
    const [k, row] = await Promise.all([existingKey(), meta.get(DATA_ROW)]);
    let loaded: { session: Session; retired: boolean } = { session: emptySession, retired: false };
    if (k === null) {
      // Nothing was ever stored on this device (the key comes with the first save).
    } else if (typeof row?.value === 'string') {
      try {
        loaded = withoutRetired(await decryptJson<Partial<Session>>(k, row.value));
      } catch {
        loaded = { session: emptySession, retired: false };
      }
    } else {
      loaded = (await fromCookies(k)) ?? loaded;
    }
    // Stored by an older version: write it again without the retired fields (the password goes).
    if (loaded.retired) return saveSession(loaded.session);
    cache = loaded.session;
    return loaded.session;
  }

  async function refreshSession(): Promise<Session> {
    cache = null;
    return loadSession();
  }

  async function deviceId(): Promise<string> {
    const current = await refreshSession();
    if (current.deviceId !== '') return current.deviceId;
    return (await saveSession({ ...current, deviceId: crypto.randomUUID() })).deviceId;
  }

  async function saveSession(s: Session): Promise<Session> {
    const k = await key();
    const full = { ...emptySession, ...s };
    await meta.put({ key: DATA_ROW, value: await encryptJson(k, full) });
    if (cookies) {
      const { sessionToken: _token, ...withoutToken } = full;
      writeCookieValue(cookies, await encryptJson(k, withoutToken));
    }
    cache = full;
    channel?.postMessage('changed');
    notify(full);
    return full;
  }

  async function updateSession(patch: Partial<Session>): Promise<Session> {
    return saveSession({ ...(await loadSession()), ...patch });
  }

  /**
   * `keepCredentials` keeps who signed in (to prefill Login), never a secret; `prefill` names whom Login
   * is filled in for instead (a switch of company). The device id always stays.
   */
  async function clearSession(options: ClearOptions = {}): Promise<Session> {
    const current = await loadSession();
    const kept: Partial<Session> = options.keepCredentials
      ? {
          userName: current.userName,
          compID: current.compID,
          compGUID: current.compGUID,
          previousPath: current.previousPath,
        }
      : {};
    return saveSession({ ...emptySession, languageId: current.languageId, deviceId: current.deviceId, ...kept, ...options.prefill });
  }

  return {
    loadSession,
    refreshSession,
    deviceId,
    saveSession,
    updateSession,
    clearSession,
    cachedSession: () => cache,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let defaultVault: SessionVault | null = null;

/** The vault over the app's `meta` table (read without Dexie, metaStore.ts) and, in a page, `document.cookie`. */
export function sessionVault(): SessionVault {
  defaultVault ??= createSessionVault(metaStore, documentCookieJar());
  return defaultVault;
}

export const loadSession = (): Promise<Session> => sessionVault().loadSession();
export const refreshSession = (): Promise<Session> => sessionVault().refreshSession();
export const deviceId = (): Promise<string> => sessionVault().deviceId();
export const saveSession = (s: Session): Promise<Session> => sessionVault().saveSession(s);
export const updateSession = (patch: Partial<Session>): Promise<Session> => sessionVault().updateSession(patch);
export const clearSession = (options?: ClearOptions): Promise<Session> => sessionVault().clearSession(options);
