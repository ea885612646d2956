// Going to another page from screens that also render outside the router: the sign-in page loads
// without it (issue 13, app/LoginApp.tsx). Inside the app the router answers (app/RouterNavigation.tsx);
// on the sign-in page alone, leaving it loads the app at the new page (main.tsx).
import { createContext, useContext, useEffect } from 'react';
import type { MouseEvent, ReactNode } from 'react';

export type AppNavigation = { go(to: string, options?: { replace?: boolean }): void };

export const AppNavigationContext = createContext<AppNavigation | null>(null);

export function useAppNavigate(): AppNavigation['go'] {
  const navigation = useContext(AppNavigationContext);
  if (!navigation) throw new Error('useAppNavigate needs an AppNavigationContext');
  return navigation.go;
}

/** A link to a page of the app: a real link (a new tab works), followed in the page on a plain click. */
export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const go = useAppNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(to);
  };
  return (
    <a href={to} className={className} onClick={follow}>
      {children}
    </a>
  );
}

/** Goes to `to` in place of the current page as soon as it renders. */
export function Redirect({ to }: { to: string }) {
  const go = useAppNavigate();
  useEffect(() => go(to, { replace: true }), [go, to]);
  return null;
}
