import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { Button } from './Button';
import { ensureLanguagePack, isLanguagePack } from '../i18n/languagePacks';
import { isLanguageCode, languages } from '../i18n/languages';
import type { Language } from '../i18n/languages';
import styles from './LanguageSwitch.module.css';
import { Alert } from './Alert';

type Props = { className?: string; onChanged?(language: Language): void };

/**
 * Switches the UI language without a reload; each name is shown in its own language. A language pack
 * (French, Russian) is downloaded first, with a progress line and a way to cancel (on a slow line); with
 * no connection and no pack, the current language stays and the reason is shown. Only the last choice
 * counts: a download that finishes after another choice, or after a cancel, changes nothing.
 */
export function LanguageSwitch({ className, onChanged }: Props) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? i18n.language;
  // The choice shows at once; the texts follow when the language's files have loaded.
  const [chosen, setChosen] = useState<Language | null>(null);
  const [unavailable, setUnavailable] = useState<Language | null>(null);
  const shown = chosen?.code ?? current;

  const lastChoice = useRef(0);

  function choose(language: Language) {
    const code = language.code;
    if (!isLanguageCode(code)) return;
    const choice = (lastChoice.current += 1);
    const stillWanted = () => lastChoice.current === choice;
    setChosen(language);
    setUnavailable(null);
    void ensureLanguagePack(code)
      .then(async () => {
        if (!stillWanted()) return false;
        await changeLanguage(code);
        return true;
      })
      .then(
        (changed) => {
          if (changed) onChanged?.(language);
        },
        () => {
          if (stillWanted()) setUnavailable(language);
        },
      )
      .finally(() => {
        if (stillWanted()) setChosen(null);
      });
  }

  function cancel() {
    lastChoice.current += 1;
    setChosen(null);
  }

  const downloading = chosen !== null && isLanguagePack(chosen.code) ? chosen : null;

  return (
    <fieldset className={`${styles.group} ${className ?? ''}`} aria-busy={chosen !== null}>
      <legend className={styles.legend}>{t('language')}</legend>
      {languages.map((language) => (
        <label key={language.code} className={styles.option} lang={language.code} dir={language.dir}>
          <input type="radio" name="language" value={language.code} checked={shown === language.code} onChange={() => choose(language)} />
          {language.nativeName}
        </label>
      ))}
      <p className={styles.note} role="status">
        {downloading ? t('languagePack.loading', { language: downloading.nativeName }) : null}
      </p>
      {downloading ? (
        <Button variant="secondary" onClick={cancel}>
          {t('languagePack.cancel', { language: downloading.nativeName })}
        </Button>
      ) : null}
      {unavailable ? <Alert className={styles.problem}>{t('languagePack.unavailable', { language: unavailable.nativeName })}</Alert> : null}
    </fieldset>
  );
}
