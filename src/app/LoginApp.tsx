// The sign-in page on its own (issue 13): what /login shows, without the router, the route table or the
// signed-in app, so a phone signing in on a weak connection loads only that. Leaving it (a finished
// sign-in, the contact link) hands the page to the app (main.tsx), which a started sign-in preloads.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRoute } from '../features/auth/LoginRoute';
import { preloadNamespaces, startNamespaces } from '../i18n/i18n';
import { runSessionStartup } from '../features/auth/startup';
import { SessionProvider } from '../session/SessionProvider';
import { AppNavigationContext } from '../ui/appNavigation';
import type { AppNavigation } from '../ui/appNavigation';
import { ErrorToastHost } from '../ui/ErrorToast';
import { useDocumentTitle } from './documentTitle';
import { prepareAfterLogin, preloadSignedIn } from './signedInApp';
import { dashboardNamespaces } from './startTexts';
import { UpdatePrompt } from './UpdatePrompt';
import { useServerDictionary } from './useServerDictionary';

/** The router and its route table: what the app needs beyond the sign-in page. */
const loadApp = () => import('./App');

function preloadApp(): void {
  preloadSignedIn();
  void loadApp().catch(() => undefined);
  // The texts of the dashboard, where a sign-in lands, with the shell's.
  void preloadNamespaces([...startNamespaces, ...dashboardNamespaces]).catch(() => undefined);
}

export function LoginApp({ leave }: { leave: AppNavigation['go'] }) {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('login'));
  useServerDictionary();
  const navigation = useMemo<AppNavigation>(() => ({ go: leave }), [leave]);
  return (
    <SessionProvider startup={runSessionStartup}>
      <AppNavigationContext.Provider value={navigation}>
        <UpdatePrompt />
        <LoginRoute afterLogin={prepareAfterLogin} preload={preloadApp} />
        <ErrorToastHost />
      </AppNavigationContext.Provider>
    </SessionProvider>
  );
}
