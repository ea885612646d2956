// Machine translation of a service call's text (spec section 7: /{product}/TranslateProblem/SessionToken).
import type { ApiClient } from '../client';
import { p } from '../style2';

export type TranslateInput = { pid: number | string; toLanguage: number };
export type TranslateAnswer = {
  pid: string;
  toLanguage: number;
  TranslatedText: string;
  TranslatedSubject: string;
  /** false when the text could not be translated (the answer then carries messageKey couldNotTranslate). */
  translated: boolean;
  messageKey?: string;
};

export function translateProblem(client: ApiClient, input: TranslateInput, sessionToken: string) {
  return client.callStyle2<TranslateAnswer>(
    'TranslateProblem/SessionToken',
    [
      typeof input.pid === 'number' ? p.int('pid', input.pid) : p.nvarchar('pid', input.pid),
      p.int('toLanguage', input.toLanguage),
      p.nvarchar('sessionToken', sessionToken),
    ],
    // The header authenticates before the body is read; the parameter is the provider's contract.
    { prefix: true, headers: { Authorization: sessionToken } },
  );
}
