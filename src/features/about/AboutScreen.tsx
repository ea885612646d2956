import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APP_VERSION } from '../../lib/appVersion';
import { promptInstall, useInstallState } from '../../session/installPrompt';
import { Button } from '../../ui/Button';
import styles from '../../ui/fieldScreens.module.css';
import licences from './licences.json';

const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** /about: the app, its version, and the libraries it is made with and their licences. */
export function AboutScreen() {
  const { t } = useTranslation('about');
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-labelledby="about-app">
        <h2 id="about-app" className={styles.heading}>
          {t('appName')}
        </h2>
        <p className={styles.subheading}>{t('description')}</p>
        <p className={styles.muted}>{t('version', { version: APP_VERSION })}</p>
        <Link className={styles.link} to="/install-app">
          {t('install.title')}
        </Link>
      </section>
      <section className={styles.card} aria-labelledby="about-licences">
        <h2 id="about-licences" className={styles.cardTitle}>
          {t('licences')}
        </h2>
        <ul className={styles.list}>
          {licences.map((l) => (
            <li key={l.name} dir="ltr">{`${l.name} ${l.version} · ${l.license}`}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /install-app: install the app (the browser's offer, or the iOS instructions) and share it. */
export function InstallScreen() {
  const { t } = useTranslation('about');
  const install = useInstallState();
  const [shareNote, setShareNote] = useState<string | null>(null);
  const link = `${location.origin}/`;

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('shareTitle'), text: t('shareText'), url: link });
        return;
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setShareNote(t('copied'));
    } catch {
      setShareNote(t('copyManually', { link }));
    }
  };

  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-labelledby="about-install">
        <h2 id="about-install" className={styles.cardTitle}>
          {t('install.title')}
        </h2>
        {install === 'installed' ? <p>{t('install.installed')}</p> : null}
        {install === 'offered' ? <Button onClick={() => void promptInstall()}>{t('install.action')}</Button> : null}
        {install === 'unavailable' ? <p>{isAppleMobile() ? t('install.ios') : t('install.browserMenu')}</p> : null}
      </section>
      <section className={styles.card} aria-labelledby="about-share">
        <h2 id="about-share" className={styles.cardTitle}>
          {t('share')}
        </h2>
        <Button variant="secondary" onClick={() => void share()}>
          {t('shareAction')}
        </Button>
        {shareNote ? <p role="status">{shareNote}</p> : null}
      </section>
    </div>
  );
}
