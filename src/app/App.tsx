import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../session/SessionProvider';
import { runSessionStartup, takeStartupParams } from '../features/auth/startup';
import { createAppRouter } from './router';
import { TakeDayOfflineProvider } from './TakeDayOfflineProvider';
import { useServerDictionary } from './useServerDictionary';

export { preloadStart } from './router';
export { applyStartDictionary } from './serverDictionary';

export function App() {
  const [router] = useState(() => {
    // The start-up parameters leave the URL before the router reads it (startup.ts).
    takeStartupParams();
    return createAppRouter();
  });
  useServerDictionary();
  return (
    <SessionProvider startup={runSessionStartup}>
      <TakeDayOfflineProvider>
        <RouterProvider router={router} />
      </TakeDayOfflineProvider>
    </SessionProvider>
  );
}
