import { Outlet } from 'react-router-dom';
import { ErrorToastHost } from '../ui/ErrorToast';
import { UpdatePrompt } from './UpdatePrompt';
import { usePageTitle } from './usePageTitle';

/** Above every route: the document title follows the route and the language; one error toast. */
export function RootLayout() {
  usePageTitle();
  return (
    <>
      <UpdatePrompt />
      <Outlet />
      <ErrorToastHost />
    </>
  );
}
