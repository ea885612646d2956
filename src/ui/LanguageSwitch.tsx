import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { isLanguageCode, languages } from '../i18n/languages';
import type { Language } from '../i18n/languages';
import styles from './LanguageSwitch.module.css';

type Props = { className?: string; onChanged?(language: Language): void };

/** Switches the UI language at once (no reload); each name is shown in its own language. */
export function LanguageSwitch({ className, onChanged }: Props) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? i18n.language;
  // The choice shows at once; the texts follow when the language's files have loaded.
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = chosen ?? current;
  return (
    <fieldset className={`${styles.group} ${className ?? ''}`}>
      <legend className={styles.legend}>{t('language')}</legend>
      {languages.map((language) => (
        <label key={language.code} className={styles.option} lang={language.code} dir={language.dir}>
          <input
            type="radio"
            name="language"
            value={language.code}
            checked={shown === language.code}
            onChange={() => {
              if (!isLanguageCode(language.code)) return;
              setChosen(language.code);
              void changeLanguage(language.code)
                .then(() => onChanged?.(language))
                .finally(() => setChosen(null));
            }}
          />
          {language.nativeName}
        </label>
      ))}
    </fieldset>
  );
}
