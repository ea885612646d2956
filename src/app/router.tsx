import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter } from 'react-router-dom';
import { LoginRoute } from '../features/auth/LoginRoute';
import { RegisterRoute } from '../features/auth/RegisterScreen';
import { prepareAfterLogin } from './afterLogin';
import { Spinner } from '../ui/Spinner';
import { AppLayout } from './AppLayout';
import { FinancialReportRedirect } from './FinancialReportRedirect';
import { NotFound } from './NotFound';
import { RequireAuth } from './RequireAuth';
import { RequireRight } from './RequireRight';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

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
      { id: 'login', path: '/login', element: <LoginRoute afterLogin={prepareAfterLogin} />, handle: { titleKey: 'routes:login' } satisfies RouteHandle },
      // A tenant's registration link (issue 14): public, like the login.
      { id: 'register', path: '/register/:company/:code', element: <RegisterRoute afterLogin={prepareAfterLogin} />, handle: { titleKey: 'routes:register' } satisfies RouteHandle },
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
            <AppLayout />
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: appRoutes.map(toRouteObject),
      },
      { id: 'notFound', path: '*', element: <NotFound />, handle: { titleKey: 'routes:notFound' } satisfies RouteHandle },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
