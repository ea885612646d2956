import type { ComponentProps } from 'react';
import { Spinner } from '../../ui/Spinner';
import { LoginScreen } from './LoginScreen';
import { useSession } from '../../session/sessionContext';
import { startupPassword } from '../../session/startupPrefill';

/** `afterLogin`: the app's preparation before it opens (it takes the day offline). */
export function LoginRoute({ afterLogin, preload }: Pick<ComponentProps<typeof LoginScreen>, 'afterLogin' | 'preload'>) {
  const { ready, session } = useSession();
  if (!ready) return <Spinner fullPage />;
  // Who signed in last prefills the form; a password only when a start-up link just brought one (memory only).
  return (
    <LoginScreen
      initial={{ companyCode: session.compID ? String(session.compID) : '', userName: session.userName, password: startupPassword() }}
      afterLogin={afterLogin}
      preload={preload}
    />
  );
}
