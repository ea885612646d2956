// After sign-in, a start-up link's customised site (spec 2): offered only when it is on the management
// company's list; the remembered choice of this device is applied without asking. An unknown site is
// dropped silently: the app never opens an address the company did not list.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listedSite } from '../lib/validation/siteRules';
import { forgetLinkSite, openListedSite, pendingLinkSite, setSiteChoice, siteChoiceOf, companySiteCalls } from '../session/companySite';
import type { SiteChoice } from '../session/companySite';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import styles from '../ui/fieldScreens.module.css';

export function SiteChoiceGate() {
  const { t } = useTranslation('companySite');
  const [offer, setOffer] = useState<string | null>(null);
  const [remember, setRemember] = useState(true);

  useEffect(() => {
    const wanted = pendingLinkSite();
    if (wanted === null) return;
    let live = true;
    // An offered site is forgotten only once the user answers: the gate may be unmounted before that
    // (the terms of use are asked first), and the next mount offers it again.
    companySiteCalls.fetchCompanySites().then(
      (sites) => {
        if (!live) return;
        const site = listedSite(wanted, sites);
        const choice = site === null ? null : siteChoiceOf(site);
        if (site !== null && choice === null) {
          setOffer(site);
          return;
        }
        forgetLinkSite();
        if (site !== null && choice === 'site') openListedSite(site);
      },
      () => {
        if (live) forgetLinkSite();
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (offer === null) return null;
  const host = new URL(offer).host;
  const close = () => {
    forgetLinkSite();
    setOffer(null);
  };
  const choose = (choice: SiteChoice) => {
    if (remember) setSiteChoice(offer, choice);
    close();
    if (choice === 'site') openListedSite(offer);
  };

  return (
    <Modal
      open
      title={t('offer.title')}
      onClose={close}
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
