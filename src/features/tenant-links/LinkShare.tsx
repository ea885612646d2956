import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import styles from '../../ui/fieldScreens.module.css';
import own from './TenantLinks.module.css';
import type { TenantLink } from './tenantLinksRepo';
import { linkUrl } from './tenantLinksRepo';

/** Copy the link, or share it through the device (Web Share API) where there is one. */
export function LinkShare({ link }: { link: TenantLink }) {
  const { t } = useTranslation('tenantLinks');
  const [status, setStatus] = useState<string | null>(null);
  const url = linkUrl(link);
  const number = link.apartmentNumber ?? '';
  const canShare = typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('copied'));
    } catch {
      setStatus(t('copyFailed'));
    }
  }

  async function share() {
    try {
      await navigator.share({ title: t('shareTitle'), text: t('shareText', { number }), url });
    } catch (e) {
      // The user closed the share sheet: nothing to say. Anything else: the link can still be copied.
      if (!(e instanceof DOMException && e.name === 'AbortError')) await copy();
    }
  }

  return (
    <div className={styles.actions}>
      <input className={own.linkText} readOnly value={url} aria-label={t('linkOf', { number })} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
      <Button variant="secondary" onClick={() => void copy()}>
        {t('copy')}
      </Button>
      {canShare ? (
        <Button variant="secondary" onClick={() => void share()}>
          {t('share')}
        </Button>
      ) : null}
      {status ? (
        <span className={styles.muted} role="status">
          {status}
        </span>
      ) : null}
    </div>
  );
}
