// A locale namespace's built file is `assets/locale-<language>-<namespace>-<hash>.js` (vite.config.ts):
// the language is in the name, so the service worker knows which packs a cache holds.

/** What the build writes over `self.__BINYAN_ON_DEMAND` (scripts/onDemand.ts). */
export type OnDemandList = { files: string[]; languagePacks: Record<string, string[]> };

const LOCALE_CHUNK = /(?:^|\/)assets\/locale-([a-z]{2})-[\w-]+\.js$/;

export function localeChunkName(language: string, namespace: string): string {
  return `assets/locale-${language}-${namespace}-[hash].js`;
}

/** A URLPattern of every locale chunk of one language (static routing, precachedAssets.ts). */
export function localeChunksPattern(language: string): string {
  return `/assets/locale-${language}-*`;
}

/** The language of a locale chunk's URL or path, or undefined for any other file. */
export function languageOfLocaleChunk(url: string): string | undefined {
  return LOCALE_CHUNK.exec(url)?.[1];
}

/** The languages whose packs a cache holds, from its URLs. */
export function languagesHeld(urls: readonly string[]): string[] {
  return [...new Set(urls.map(languageOfLocaleChunk).filter((code): code is string => code !== undefined))].sort();
}

/** What a new version fetches at install: the current files of every pack the device already held. */
export function packFilesToKeep(heldUrls: readonly string[], list: OnDemandList): string[] {
  return languagesHeld(heldUrls).flatMap((code) => list.languagePacks[code] ?? []);
}
