// What happens between a verified code and the logged-in app: the session is stored (encrypted),
// then the worker data is refreshed when the network allows.
import { getWorkerData } from '../../api/calls/globals';
import { emptySession, loadSession, saveSession, updateSession } from '../../db/sessionVault';
import type { Session } from '../../db/sessionVault';
import type { LoginResult } from './loginMachine';
import { api } from './session';
import { sessionFieldsFromUser, sessionFieldsFromWorker } from './sessionFromUser';

export async function completeLogin({ answer, credentials }: LoginResult): Promise<Session> {
  const current = await loadSession();
  const sameUser = current.userName === credentials.userName && current.compID === credentials.compId;
  // Another user's remembered page, filters and building must not leak into this session.
  const base: Session = sameUser ? current : { ...emptySession, languageId: current.languageId };
  const session = await saveSession({
    ...base,
    ...sessionFieldsFromUser(answer.user),
    userName: credentials.userName,
    pswd: credentials.password,
    compID: credentials.compId,
    sessionToken: answer.sessionToken,
    tokenCreated: new Date().toISOString(),
    loggedIn: true,
    languageId: current.languageId,
  });
  try {
    const worker = await getWorkerData(api, { userName: credentials.userName, password: credentials.password });
    return await updateSession(sessionFieldsFromWorker(worker));
  } catch {
    // The login answer already carries the worker fields; this refresh is a nicety.
    return session;
  }
}
