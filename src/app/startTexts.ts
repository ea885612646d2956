// The texts a signed-in start shows first, beside the shell's: asked for with the app's code (main.tsx)
// instead of once the frame and the dashboard have arrived and asked themselves, a round later.
import { buildingsPath } from '../lib/appPaths';

/** The signed-in frame's texts beside the shell's: the menu's unread messages, the site choice. */
export const frameNamespaces: readonly string[] = ['messages', 'companySite'];

/** The dashboard's own texts, loaded with its code. */
export const dashboardNamespaces: readonly string[] = ['buildings'];

/** What a start of the signed-in app at `pathname` loads before its first render, beside the shell's texts. */
export function signedInStartNamespaces(pathname: string): readonly string[] {
  return [...frameNamespaces, ...(pathname === buildingsPath || pathname === '/' ? dashboardNamespaces : [])];
}
