import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { dropPaintedStart, paintedStartCovers } from '../session/paintedStart';
import { ErrorToastHost } from '../ui/ErrorToast';
import { RouterNavigation } from './RouterNavigation';
import { UpdatePrompt } from './UpdatePrompt';
import { usePageTitle } from './usePageTitle';

/** Above every route: the document title follows the route and the language; one error toast. */
export function RootLayout() {
  usePageTitle();
  const { pathname } = useLocation();
  // The painted start (public/paint-start.js) covers only the buildings list: any other page shows at once.
  useEffect(() => {
    if (!paintedStartCovers(pathname)) dropPaintedStart();
  }, [pathname]);
  return (
    <RouterNavigation>
      <UpdatePrompt />
      <Outlet />
      <ErrorToastHost />
    </RouterNavigation>
  );
}
