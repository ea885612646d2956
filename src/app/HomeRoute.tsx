// "/" is everyone's home (homeRoute.ts): a tenant's apartment is shown here; staff go on to their own
// home screen, so the address bar and the drawer name the screen they are on.
import { Navigate } from 'react-router-dom';
import { TenantHomeScreen } from '../features/tenant/TenantHomeScreen';
import { useHomeRoute } from './useHomeRoute';
import { menuPath } from './routeTable';

export function HomeRoute() {
  const home = useHomeRoute();
  if (home.id === 'home') return <TenantHomeScreen />;
  return <Navigate to={menuPath(home)} replace />;
}
