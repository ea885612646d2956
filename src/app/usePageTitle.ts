import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { useCan } from '../session/useCan';
import { useDocumentTitle } from './documentTitle';
import { isRouteHandle } from './routeHandle';

/** The deepest route's label; also used as the app bar heading. */
export function useRouteLabel(): string {
  const { t } = useTranslation(['routes', 'common']);
  const matches = useMatches();
  const can = useCan();
  const handle = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle;
  if (!isRouteHandle(handle)) return '';
  // A tenant's home is their apartment (HomeRoute); anyone else only passes "/" on the way to theirs.
  return t(handle.titleKey === 'routes:home' && can('account.read') ? 'routes:myApartment' : handle.titleKey);
}

/** The document title of the route shown. */
export function usePageTitle(): void {
  useDocumentTitle(useRouteLabel());
}
