import { Outlet } from 'react-router-dom';
import { usePageTitle } from './usePageTitle';

/** Above every route: keeps the document title in step with the route and the language. */
export function RootLayout() {
  usePageTitle();
  return <Outlet />;
}
