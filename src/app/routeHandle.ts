// What each route tells the shell (its label for the title and the app bar) and the start (how to load
// its screen ahead). A leaf module: the router writes handles and the layout reads them, without
// importing each other.
import { isRecord } from '../lib/records';

export type RouteHandle = { titleKey: string; preload?: () => Promise<void> };

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return isRecord(handle) && typeof handle.titleKey === 'string';
}
