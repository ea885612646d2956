// Machine translation of a call's subject and description into the UI language (online only).
import type { ApiClient } from '../../api/client';
import { translateProblem } from '../../api/calls/translate';
import { loadSession } from '../../db/sessionVault';

export type CallTranslation = { subject: string; description: string; translated: boolean };

export async function translateServiceCall(api: ApiClient, id: string, toLanguage: number): Promise<CallTranslation> {
  const { sessionToken } = await loadSession();
  const answer = await translateProblem(api, { pid: id, toLanguage }, sessionToken);
  return { subject: answer.TranslatedSubject, description: answer.TranslatedText, translated: answer.translated };
}
