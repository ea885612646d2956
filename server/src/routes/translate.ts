import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { serviceCalls } from '../data/serviceCalls.ts';
import { translations } from '../data/translations.ts';
import { loadOwned, queryOf } from '../http/access.ts';
import { ApiError } from '../http/errors.ts';
import { params2Of } from '../http/hooks.ts';
import { ok2, str } from '../http/style2.ts';
import { languageIdOf } from '../translate/phrases.ts';
import { makeTranslator } from '../translate/translator.ts';
import type { Translator } from '../translate/translator.ts';

export function translateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // The dictionary never changes while the server runs: each process builds its translator once.
  let translator: Translator | null = null;
  const getTranslator = async () => (translator ??= makeTranslator(await translations.all(db)));

  app.get('/api/binyan/translations', { config: { public: true } }, async (req) => {
    const lid = languageIdOf(queryOf(req).lid ?? '1');
    if (lid === null) throw new ApiError(422, 'VALIDATION', 'invalidNumber', { field: 'lid' });
    return (await translations.all(db)).filter((r) => r.LID === lid);
  });

  app.post('/api/binyan/TranslateProblem/SessionToken', { config: { style2: true, right: 'serviceCalls.read' } }, async (req) => {
    const p = params2Of(req);
    const to = languageIdOf(p.toLanguage);
    if (to === null) throw new ApiError(422, 'TRANSLATION_ERROR', 'translationError', { field: 'toLanguage' });
    const call = await loadOwned(db, req, serviceCalls, str(p, 'pid'));
    const translate = await getTranslator();
    const description = translate(call.description, to);
    const subject = translate(call.subject, to);
    return ok2({
      pid: call.id,
      toLanguage: to,
      TranslatedText: description.text,
      TranslatedSubject: subject.text,
      translated: description.translated,
      ...(description.translated ? {} : { messageKey: 'errors:couldNotTranslate' }),
    });
  });
}
