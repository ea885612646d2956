import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useSession } from '../session/sessionContext';
import { useCan } from '../session/useCan';
import { Icon, actionIcons, routeIcons } from '../ui/icons';
import { useModalDialog } from '../ui/useModalDialog';
import { appRoutes, menuPath } from './routeTable';
import { promptInstall, useCanInstall } from '../session/installPrompt';
import { useUnreadAnnouncements } from '../features/messages/useUnreadAnnouncements';
import { useUnreadThreads } from '../features/threads/useThreads';
import styles from './NavigationDrawer.module.css';
/** Modal drawer on a native <dialog>: focus is trapped and Escape closes it. */
export function NavigationDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const { session } = useSession();
  const ref = useModalDialog(open);
  const location = useLocation();
  // Each opening of the menu fetches the announcements board and the threads' unread counts again, so the badges are current.
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    if (open) setOpenings((n) => n + 1);
  }, [open]);
  // The menu is made on its first opening, not with every start of the app (issue 13), then kept.
  const [made, setMade] = useState(open);
  if (open && !made) setMade(true);

  // Following a link closes the drawer.
  const path = location.pathname;
  const lastPath = useRef(path);
  useEffect(() => {
    if (lastPath.current !== path) onClose();
    lastPath.current = path;
  }, [path, onClose]);

  return (
    <dialog
      ref={ref}
      id="app-navigation"
      className={styles.drawer}
      aria-label={t('menu.title')}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className={styles.head}>
        <p className={styles.user}>{session.WorkerName || session.userName}</p>
        <button type="button" className={styles.close} aria-label={t('menu.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {made ? <DrawerMenu openings={openings} onClose={onClose} /> : null}
    </dialog>
  );
}

/** The menu: what the rule table lets this user open, and installing the app. */
function DrawerMenu({ openings, onClose }: { openings: number; onClose(): void }) {
  const { t } = useTranslation(['shell', 'routes', 'field', 'messages']);
  const installable = useCanInstall();
  const can = useCan();
  const unread = useUnreadAnnouncements(can('announcements.read'), openings);
  const unreadThreads = useUnreadThreads(can('threads.read'), openings);
  const badgeOf = (id: string): number => (id === 'announcements' ? unread : id === 'threads' ? unreadThreads : 0);
  return (
    <nav aria-label={t('shell:menu.title')}>
      <ul className={styles.list}>
        {appRoutes
          // The rule table of src/lib/rights (spec section 6 flags included) decides what the menu offers.
          .filter((r) => r.menu === true && can(r.right))
          .map((route) => (
            <li key={route.id}>
              <NavLink to={menuPath(route)} end={route.id === 'dashboard'} className={styles.link} onClick={onClose}>
                {routeIcons[route.id] ? <Icon icon={routeIcons[route.id] ?? actionIcons.menu} /> : null}
                {t(`routes:${route.id === 'dashboard' && can('account.read') ? 'myApartment' : route.id}`)}
                {badgeOf(route.id) > 0 ? <span className={styles.badge}>{t('messages:unread', { count: badgeOf(route.id) })}</span> : null}
              </NavLink>
            </li>
          ))}
        {installable ? (
          <li>
            <button type="button" className={styles.link} onClick={() => void promptInstall().finally(onClose)}>
              <Icon icon={actionIcons.install} />
              {t('field:install.menu')}
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
