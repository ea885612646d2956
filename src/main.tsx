import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n, startNamespaces } from './i18n/i18n';
import { listenForInstallPrompt } from './session/installPrompt';
import './ui/tokens.css';

listenForInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Texts first: the first paint is already in the stored language and direction.
void initI18n({ namespaces: startNamespaces }).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
if (import.meta.env.PROD) void import('./app/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
