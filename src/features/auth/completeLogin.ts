// What happens between a verified code and the logged-in app: the session is stored (encrypted) with
// the renewal secret for the silent re-login (never the password), then the worker data is refreshed
// when the network allows.
import { getWorkerData } from '../../api/calls/globals';
import { emptySession, loadSession, saveSession, updateSession } from '../../db/sessionVault';
import type { Session } from '../../db/sessionVault';
import type { LoginResult } from './loginMachine';
import { api } from '../../session/api';
import { tellServerLanguage } from '../../session/languageChoice';
import { sessionFieldsFromUser, sessionFieldsFromWorker } from '../../session/sessionFromUser';
import { forgetStartupPassword } from '../../session/startupPrefill';

export async function completeLogin({ answer, credentials }: LoginResult): Promise<Session> {
  forgetStartupPassword();
  const current = await loadSession();
  const sameUser = current.userName === credentials.userName && current.compID === credentials.compId;
  // Another user's remembered page, filters and building must not leak into this session.
  const base: Session = sameUser ? current : { ...emptySession, languageId: current.languageId };
  const session = await saveSession({
    ...base,
    ...sessionFieldsFromUser(answer.user),
    userName: credentials.userName,
    compID: credentials.compId,
    sessionToken: answer.sessionToken,
    renewalSecret: answer.renewalSecret ?? '',
    // The id the secret is bound to (sent with the code, loginActors.ts): the device's, kept across users.
    deviceId: current.deviceId,
    tokenCreated: new Date().toISOString(),
    loggedIn: true,
    languageId: current.languageId,
  });
  // The language picked on this device (before signing in, or on another account) is the one to be written to in.
  await tellServerLanguage(current.languageId, answer.user.languageId).catch(() => undefined);
  try {
    const worker = await getWorkerData(api, { userName: credentials.userName });
    return await updateSession(sessionFieldsFromWorker(worker));
  } catch {
    // The login answer already carries the worker fields; this refresh is a nicety.
    return session;
  }
}
