import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, languageByCode } from '../../i18n/languages';
import { Button } from '../../ui/Button';
import { useOnline } from '../../ui/useOnline';
import { translationCalls } from './serviceCallTranslation';
import type { CallTranslation } from './serviceCallTranslation';
import styles from './CallDetail.module.css';
import shared from './ServiceCalls.module.css';
import { Alert } from '../../ui/Alert';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; result: CallTranslation } | { kind: 'error'; messageKey: string };

/** Translates the call's subject and description into the UI language through the provider. */
export function TranslatePanel({ callId, applied }: { callId: string; applied: boolean }) {
  const { t, i18n } = useTranslation(['serviceCalls', 'errors']);
  const online = useOnline();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const code = i18n.resolvedLanguage ?? i18n.language;
  const language = languageByCode(isLanguageCode(code) ? code : 'he');

  const translate = async () => {
    setState({ kind: 'busy' });
    try {
      const result = await translationCalls.translateServiceCall(callId, language.id);
      setState(result.translated ? { kind: 'done', result } : { kind: 'error', messageKey: 'errors:couldNotTranslate' });
    } catch {
      setState({ kind: 'error', messageKey: 'errors:translationError' });
    }
  };

  const blocked = !online ? t('serviceCalls:translate.needsConnection') : !applied ? t('serviceCalls:translate.notSentYet') : null;
  return (
    <section className={styles.translate} aria-labelledby="translate-heading">
      <h3 id="translate-heading" className={shared.subheading}>
        {t('serviceCalls:translate.title')}
      </h3>
      <Button
        variant="secondary"
        onClick={() => void translate()}
        disabled={blocked !== null || state.kind === 'busy'}
        aria-describedby={blocked ? 'translate-blocked' : undefined}
      >
        {state.kind === 'busy' ? t('serviceCalls:translate.busy') : t('serviceCalls:translate.button', { language: language.nativeName })}
      </Button>
      {blocked ? (
        <p id="translate-blocked" className={shared.hint}>
          {blocked}
        </p>
      ) : null}
      {state.kind === 'error' ? <Alert className={shared.fieldError}>{t(state.messageKey)}</Alert> : null}
      {state.kind === 'done' ? (
        <div className={styles.translation} lang={language.code} dir={language.dir} role="status">
          {state.result.subject ? <p className={styles.translationSubject}>{state.result.subject}</p> : null}
          <p>{state.result.description}</p>
        </div>
      ) : null}
    </section>
  );
}
