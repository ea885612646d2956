import { useTranslation } from 'react-i18next';
import styles from './ProfileScreen.module.css';

const sections = ['data', 'use', 'rights', 'contact'] as const;

/** The privacy policy and terms of use of the current version, in the UI language. */
export function TermsText({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('terms');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.terms}>
      <p>{t('intro')}</p>
      {sections.map((s) => (
        <section key={s} aria-labelledby={`terms-${s}`}>
          <Heading id={`terms-${s}`} className={styles.termsHeading}>
            {t(`sections.${s}.title`)}
          </Heading>
          <p>{t(`sections.${s}.text`)}</p>
        </section>
      ))}
    </div>
  );
}
