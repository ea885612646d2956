// English, French and Russian are language packs: not installed with the app (the service worker keeps them on
// first use, sw/onDemand.ts). Picking one loads every namespace of it before the switch, so the whole
// app reads in that language offline afterwards; with no connection and no pack, the switch is refused.
import { loadNamespace, namespaces } from './catalog';
import { languagesInstalledWithApp } from './languages';
import type { LanguageCode } from './languages';

export class LanguagePackUnavailable extends Error {
  constructor(readonly language: LanguageCode) {
    super(`the ${language} language pack is not on this device and could not be downloaded`);
    this.name = 'LanguagePackUnavailable';
  }
}

export function isLanguagePack(code: LanguageCode): boolean {
  return !languagesInstalledWithApp.includes(code);
}

/** Resolves once every text of `code` is on the device (at once for the languages installed with the app). */
export async function ensureLanguagePack(code: LanguageCode): Promise<void> {
  if (!isLanguagePack(code)) return;
  try {
    await Promise.all(namespaces.map((namespace) => loadNamespace(code, namespace)));
  } catch {
    throw new LanguagePackUnavailable(code);
  }
}
