// Machine translation of a call's subject and description into the UI language (online only).
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { translation } from '../../lib/answers';
import { translateProblem } from '../../api/calls/translate';
import { loadSession } from '../../db/sessionVault';

export type CallTranslation = { subject: string; description: string; translated: boolean };

export async function translateServiceCall(api: ApiClient, id: string, toLanguage: number): Promise<CallTranslation> {
  const { sessionToken } = await loadSession();
  const answer = answerOf(translation, await translateProblem(api, { pid: id, toLanguage }, sessionToken));
  return { subject: answer.TranslatedSubject, description: answer.TranslatedText, translated: answer.translated };
}
