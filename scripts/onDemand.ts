// What the service worker keeps on first use instead of installing with the app: the language packs
// (every language but the default and the fallback), the libraries of one feature loaded only when
// it is used (charts, Excel export, pdf.js) and the screens that only work online (office lists, a
// tenant's payments and room bookings, gates), and the texts only those screens show. Worked out
// from Vite's manifest: a chunk is on demand when the app reaches it only through those modules; a
// namespace is on demand, in every language, when no installed chunk shows it (scripts/namespaceUse.ts).
import { languageCodes, languagesInstalledWithApp } from '../src/i18n/languages';
import type { OnDemandList } from '../sw/localeChunk';
import type { NamespaceUse } from './namespaceUse';

export type ViteChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };
export type ViteManifest = Record<string, ViteChunk>;

/** Kept on first use (by their key in Vite's manifest): each works online only, or is one feature's library with an offline fallback. */
export const ON_DEMAND_MODULES: readonly RegExp[] = [
  /(?:^|\/)node_modules\/chart\.js\//, // the books' charts (their tables stay readable offline)
  /(?:^|\/)node_modules\/write-excel-file\//, // Excel export (CSV works offline)
  /^src\/features\/documents\/PdfViewer\.tsx$/, // pdf.js and its worker
  /^src\/features\/tenant-links\/TenantLinksScreen\.tsx$/,
  /^src\/features\/company-site\/CompanySitesScreen\.tsx$/,
  /^src\/features\/contact-us\/LeadsScreen\.tsx$/,
  /^src\/features\/profile\/ProfileRequestsScreen\.tsx$/,
  /^src\/features\/collections\/PaymentsScreen\.tsx$/,
  /^src\/features\/billing-settings\/BillingSettingsScreen\.tsx$/,
  /^src\/features\/fee-schedule\/FeeScheduleScreen\.tsx$/,
  // Statements and the owners' report are drawn by the server from the whole ledger.
  /^src\/features\/books\/StatementsScreen\.tsx$/,
  /^src\/features\/books\/OwnersReportScreen\.tsx$/,
  /^src\/features\/messages\/MessagesScreen\.tsx$/,
  // A card, a standing order and a gate's dial all need the server: offline these screens only say so.
  /^src\/features\/tenant\/PayScreen\.tsx$/,
  /^src\/features\/tenant\/CardsScreen\.tsx$/,
  /^src\/features\/tenant\/StandingOrderScreen\.tsx$/,
  /^src\/features\/gates\/GatesScreen\.tsx$/,
  // Booking the building's room needs the server (the calendar of a week opened before stays readable).
  /^src\/features\/tenant-room\/TenantRoomScreen\.tsx$/,
  // A check's deposit, clearing or bounce and a building's polls are read from the server (a vote made
  // offline on a poll opened before still goes through the outbox).
  /^src\/features\/check-life\/CheckLifeScreen\.tsx$/,
  /^src\/features\/polls\/PollsScreen\.tsx$/,
  // Who runs the building is edited online (residents read it offline: that screen installs with the app).
  /^src\/features\/building-people\/EditBuildingPeopleScreen\.tsx$/,
  // What waits at the desk is read from the server and visitors are pre-approved online: offline it says so.
  /^src\/features\/desk\/TenantDeskScreen\.tsx$/,
];

const LOCALE_SOURCE = /(?:^|\/)locales\/([a-z]{2})\/([\w-]+)\.json$/;

export function localeLanguage(key: string): string | undefined {
  return LOCALE_SOURCE.exec(key)?.[1];
}

export function localeNamespace(key: string): string | undefined {
  return LOCALE_SOURCE.exec(key)?.[2];
}

/** `files`: every file kept on first use (dist-relative); `languagePacks`: each pack's files, fetched together. */
export type OnDemand = OnDemandList;

function filesOf(chunk: ViteChunk): string[] {
  return [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
}

function reachable(manifest: ViteManifest, stopAt: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const todo = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || stopAt(key)) continue;
    seen.add(key);
    todo.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return seen;
}

/** The namespaces no installed chunk shows (none without a record of what chunks show: all stay installed). */
function namespacesOnDemand(manifest: ViteManifest, installedCode: ReadonlySet<string>, use: NamespaceUse | undefined): Set<string> {
  const all = new Set(
    Object.keys(manifest)
      .map(localeNamespace)
      .filter((name): name is string => name !== undefined),
  );
  if (!use) return new Set();
  for (const key of installedCode) for (const name of use[manifest[key]?.file ?? ''] ?? []) all.delete(name);
  return all;
}

export function onDemandFiles(manifest: ViteManifest, modules: readonly RegExp[] = ON_DEMAND_MODULES, namespaceUse?: NamespaceUse): OnDemand {
  const packLanguages = languageCodes.filter((code) => !languagesInstalledWithApp.includes(code));
  const isPack = (key: string) => packLanguages.some((code) => code === localeLanguage(key));
  const isOnDemandModule = (key: string) => isPack(key) || modules.some((m) => m.test(key));
  const everything = reachable(manifest, () => false);
  const namespacesKept = namespacesOnDemand(manifest, reachable(manifest, isOnDemandModule), namespaceUse);
  const installed = reachable(manifest, (key) => isOnDemandModule(key) || namespacesKept.has(localeNamespace(key) ?? ''));
  const installedFiles = new Set([...installed].flatMap((key) => filesOf(manifest[key] as ViteChunk)));
  const files = new Set<string>();
  for (const key of everything) {
    if (installed.has(key)) continue;
    for (const file of filesOf(manifest[key] as ViteChunk)) if (!installedFiles.has(file)) files.add(file);
  }
  const languagePacks: Record<string, string[]> = {};
  for (const code of packLanguages) {
    languagePacks[code] = Object.keys(manifest)
      .filter((key) => localeLanguage(key) === code)
      .map((key) => (manifest[key] as ViteChunk).file)
      .sort();
  }
  return { files: [...files].sort(), languagePacks };
}
