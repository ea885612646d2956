import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../features/auth/SessionProvider';
import { createAppRouter } from './router';
import { useServerDictionary } from './useServerDictionary';

export function App() {
  const [router] = useState(createAppRouter);
  useServerDictionary();
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
