import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { LoginRoute } from '../features/auth/LoginRoute';
import { Spinner } from '../ui/Spinner';
import { FinancialReportRedirect } from './FinancialReportRedirect';
import { NotFound } from './NotFound';
import { RequireAuth } from './RequireAuth';
import { RequireRight } from './RequireRight';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { isRouteHandle } from './routeHandle';
import type { RouteHandle } from './routeHandle';
import { appRoutes } from './routeTable';
import type { AppRoute } from './routeTable';
import { appLayout, prepareAfterLogin, preloadSignedIn } from './signedInApp';

const AppLayout = appLayout.lazy();
const RegisterRoute = lazy(() => import('../features/auth/RegisterScreen').then((m) => ({ default: m.RegisterRoute })));
const ContactUsScreen = lazy(() => import('../features/contact-us/ContactUsScreen').then((m) => ({ default: m.ContactUsScreen })));

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
    handle: { titleKey: `routes:${route.id}`, preload: route.screen.preload } satisfies RouteHandle,
    element: route.id === 'financialReport' ? <FinancialReportRedirect>{screen}</FinancialReportRedirect> : screen,
    ...(route.children ? { children: route.children.map(toRouteObject) } : {}),
  };
}

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        id: 'login',
        path: '/login',
        element: <LoginRoute afterLogin={prepareAfterLogin} preload={preloadSignedIn} />,
        handle: { titleKey: 'routes:login' } satisfies RouteHandle,
      },
      // A tenant's registration link (issue 14): public, like the login.
      {
        id: 'register',
        path: '/register/:company/:code',
        element: (
          <Suspense fallback={<Spinner fullPage />}>
            <RegisterRoute afterLogin={prepareAfterLogin} />
          </Suspense>
        ),
        handle: { titleKey: 'routes:register' } satisfies RouteHandle,
      },
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

/**
 * A start on a signed-in page loads its frame and its screen, with their texts, at once beside the
 * session's restore: they then render as soon as the session is known, without a Suspense fallback.
 */
export function preloadStart(pathname: string): void {
  if (PUBLIC_PATHS.some((p) => pathname.startsWith(p))) return;
  void appLayout.preload().catch(() => undefined);
  void import('../db/db').then(({ openIfStored }) => openIfStored()).catch(() => undefined);
  for (const { route } of matchRoutes(routeObjects, pathname) ?? []) {
    if (isRouteHandle(route.handle)) void route.handle.preload?.().catch(() => undefined);
  }
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
