import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, preloadNamespaces, signInNamespaces, startNamespaces } from './i18n/i18n';
import { listenForInstallPrompt } from './session/installPrompt';
import { signedInStartNamespaces } from './app/startTexts';
import './ui/tokens.css';

listenForInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);

/** The sign-in page loads on its own, without the router and the signed-in app (issue 13). */
const isSignInPage = (path: string) => path === '/login' || path.startsWith('/login/');

/** The app at the current page; its frame and the page's screen start loading as soon as it arrives. */
const app = () =>
  import('./app/App').then(async ({ App, preloadStart, applyStartDictionary }) => {
    preloadStart(location.pathname);
    await applyStartDictionary();
    return <App />;
  });

/** The sign-in page is left (signed in, or a link): the app takes over at the new page. */
function leaveSignIn(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  void Promise.all([app(), preloadNamespaces(startNamespaces)]).then(([page]) => show(page));
}

function show(page: ReactElement): void {
  root.render(<StrictMode>{page}</StrictMode>);
}

const signIn = isSignInPage(location.pathname);
const page = signIn ? import('./app/LoginApp').then(({ LoginApp }) => <LoginApp leave={leaveSignIn} />) : app();
// Texts first: the first paint is already in the stored language and direction.
void Promise.all([page, initI18n({ namespaces: signIn ? signInNamespaces : [...startNamespaces, ...signedInStartNamespaces(location.pathname)] })]).then(
  ([first]) => show(first),
);
if (import.meta.env.PROD) void import('./app/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
