import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useSession } from '../session/sessionContext';
import { StorageWarning } from '../features/sync/StorageWarning';
import { SyncStatusIndicator } from '../features/sync/SyncStatusIndicator';
import { BOTTOM_ACTIONS_ID } from '../ui/BottomActions';
import { Icon, actionIcons } from '../ui/icons';
import { CheckPaymentScope } from './CheckPaymentScope';
import { NavigationDrawer } from './NavigationDrawer';
import { SiteChoiceGate } from './SiteChoiceGate';
import { TermsGate } from './TermsGate';
import { useRouteLabel } from './usePageTitle';
import { VersionNotice } from './VersionNotice';
import styles from './AppLayout.module.css';

/** Phone-first frame: app bar (menu, title, sync status), drawer, content, bottom actions. */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const { session } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const label = useRouteLabel();
  const hideNavigation = session.hideNavigation;

  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        {hideNavigation ? null : (
          <button
            type="button"
            className={styles.menuButton}
            aria-label={t('menu.open')}
            aria-expanded={menuOpen}
            aria-controls="app-navigation"
            onClick={() => setMenuOpen(true)}
          >
            <Icon icon={actionIcons.menu} size={24} />
          </button>
        )}
        <h1 className={styles.title}>{label}</h1>
        <SyncStatusIndicator />
      </header>
      {hideNavigation ? null : <NavigationDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />}
      <VersionNotice />
      <StorageWarning />
      <main className={styles.main} id="main">
        <TermsGate>
          <CheckPaymentScope>
            <Outlet />
          </CheckPaymentScope>
          <SiteChoiceGate />
        </TermsGate>
      </main>
      <div id={BOTTOM_ACTIONS_ID} className={styles.bottom} />
    </div>
  );
}
