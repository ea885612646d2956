import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppNavigationContext } from '../ui/appNavigation';
import type { AppNavigation } from '../ui/appNavigation';

/** Inside the router, screens' links and redirects (ui/appNavigation.tsx) are the router's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigation = useMemo<AppNavigation>(() => ({ go: (to, options) => void navigate(to, options) }), [navigate]);
  return <AppNavigationContext.Provider value={navigation}>{children}</AppNavigationContext.Provider>;
}
