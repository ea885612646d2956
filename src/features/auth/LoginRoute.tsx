import { Spinner } from '../../ui/Spinner';
import { LoginScreen } from './LoginScreen';
import { useSession } from './sessionContext';

export function LoginRoute() {
  const { ready, session } = useSession();
  if (!ready) return <Spinner fullPage />;
  // Credentials kept after a failed renewal prefill the form (the password never does).
  return <LoginScreen initial={{ companyCode: session.compID ? String(session.compID) : '', userName: session.userName }} />;
}
