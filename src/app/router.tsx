import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter } from 'react-router-dom';
import { LoginRoute } from '../features/auth/LoginRoute';
import { Spinner } from '../ui/Spinner';
import type { TakeDayProgress } from '../session/takeDayOffline';
import { FinancialReportRedirect } from './FinancialReportRedirect';
import { NotFound } from './NotFound';
import { RequireAuth } from './RequireAuth';
import { RequireRight } from './RequireRight';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

// The sign-in page loads only what it shows (issue 13): the frame of the signed-in app (with Dexie and
// the sync engine), registration and the after-sign-in preparation load on demand; a started sign-in
// preloads them (`modulepreload`) while the code is on its way.
const loadAppLayout = () => import('./AppLayout');
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));
const RegisterRoute = lazy(() => import('../features/auth/RegisterScreen').then((m) => ({ default: m.RegisterRoute })));
const loadAfterLogin = () => import('./afterLogin');

async function prepareAfterLogin(onProgress: (p: Pick<TakeDayProgress, 'done' | 'total'>) => void): Promise<void> {
  const { prepareAfterLogin: prepare } = await loadAfterLogin();
  await prepare(onProgress);
}

function preloadSignedIn(): void {
  void loadAppLayout().catch(() => undefined);
  void loadAfterLogin().catch(() => undefined);
}

const ContactUsScreen = lazy(() => import('../features/contact-us/ContactUsScreen').then((m) => ({ default: m.ContactUsScreen })));
import type { RouteHandle } from './routeHandle';
import { appRoutes } from './routeTable';
import type { AppRoute } from './routeTable';

function toRouteObject(route: AppRoute): RouteObject {
  const Screen = route.screen;
  const screen = (
    <RequireRight right={route.right}>
      <Suspense fallback={<Spinner />}>
        <Screen />
      </Suspense>
    </RequireRight>
  );
  return {
    id: route.id,
    path: route.path,
    handle: { titleKey: `routes:${route.id}` } satisfies RouteHandle,
    element: route.id === 'financialReport' ? <FinancialReportRedirect>{screen}</FinancialReportRedirect> : screen,
    ...(route.children ? { children: route.children.map(toRouteObject) } : {}),
  };
}

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { id: 'login', path: '/login', element: <LoginRoute afterLogin={prepareAfterLogin} preload={preloadSignedIn} />, handle: { titleKey: 'routes:login' } satisfies RouteHandle },
      // A tenant's registration link (issue 14): public, like the login.
      { id: 'register', path: '/register/:company/:code', element: (
          <Suspense fallback={<Spinner fullPage />}>
            <RegisterRoute afterLogin={prepareAfterLogin} />
          </Suspense>
        ), handle: { titleKey: 'routes:register' } satisfies RouteHandle },
      {
        id: 'contactUs',
        path: '/contact-us',
        element: (
          <Suspense fallback={<Spinner />}>
            <ContactUsScreen />
          </Suspense>
        ),
        handle: { titleKey: 'routes:contactUs' } satisfies RouteHandle,
      },
      {
        element: (
          <RequireAuth>
            <Suspense fallback={<Spinner fullPage />}>
              <AppLayout />
            </Suspense>
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: appRoutes.map(toRouteObject),
      },
      { id: 'notFound', path: '*', element: <NotFound />, handle: { titleKey: 'routes:notFound' } satisfies RouteHandle },
    ],
  },
];

const PUBLIC_PATHS = ['/login', '/register', '/contact-us'];

/** A start on a signed-in page loads its frame (and the dashboard) at once, beside the session's restore. */
function preloadStart(pathname: string): void {
  if (PUBLIC_PATHS.some((p) => pathname.startsWith(p))) return;
  void loadAppLayout().catch(() => undefined);
  if (pathname === '/') void import('./DashboardRoute').catch(() => undefined);
}

export function createAppRouter() {
  preloadStart(window.location.pathname);
  return createBrowserRouter(routeObjects);
}
