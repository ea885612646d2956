// Machine translation of a call's subject and description into the UI language (online only).
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { translation } from '../../lib/answers';
import { translateProblem } from '../../api/calls/translate';
import { loadSession } from '../../db/sessionVault';
import { withPageClient } from '../../session/api';

export type CallTranslation = { subject: string; description: string; translated: boolean };

export async function translateServiceCall(api: ApiClient, id: string, toLanguage: number): Promise<CallTranslation> {
  const { sessionToken } = await loadSession();
  const answer = answerOf(translation, await translateProblem(api, { pid: id, toLanguage }, sessionToken));
  return { subject: answer.TranslatedSubject, description: answer.TranslatedText, translated: answer.translated };
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const translationCalls = {
  translateServiceCall: withPageClient(translateServiceCall),
};
