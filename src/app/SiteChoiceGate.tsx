// After sign-in, a start-up link's customised site (spec 2): offered only when it is on the management
// company's list; the remembered choice of this device is applied without asking. An unknown site is
// dropped silently: the app never opens an address the company did not list.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listedSite } from '../lib/validation/siteRules';
import { api, callWithRelogin } from '../session/api';
import { fetchCompanySites, openListedSite, setSiteChoice, siteChoiceOf, takeLinkSite } from '../session/companySite';
import type { SiteChoice } from '../session/companySite';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import styles from '../ui/fieldScreens.module.css';

export function SiteChoiceGate() {
  const { t } = useTranslation('companySite');
  const [offer, setOffer] = useState<string | null>(null);
  const [remember, setRemember] = useState(true);

  useEffect(() => {
    const wanted = takeLinkSite();
    if (wanted === null) return;
    let live = true;
    callWithRelogin(() => fetchCompanySites(api)).then(
      (sites) => {
        const site = listedSite(wanted, sites);
        if (!live || site === null) return;
        const choice = siteChoiceOf(site);
        if (choice === 'site') openListedSite(site);
        else if (choice === null) setOffer(site);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (offer === null) return null;
  const host = new URL(offer).host;
  const choose = (choice: SiteChoice) => {
    if (remember) setSiteChoice(offer, choice);
    setOffer(null);
    if (choice === 'site') openListedSite(offer);
  };

  return (
    <Modal
      open
      title={t('offer.title')}
      onClose={() => setOffer(null)}
      actions={
        <>
          <Button variant="secondary" onClick={() => choose('site')}>
            {t('offer.goToSite', { host })}
          </Button>
          <Button onClick={() => choose('app')}>{t('offer.stayInApp')}</Button>
        </>
      }
    >
      <p>{t('offer.message', { host })}</p>
      <p className={styles.muted} dir="ltr">
        {offer}
      </p>
      <label className={styles.choice}>
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        {t('offer.remember')}
      </label>
    </Modal>
  );
}
