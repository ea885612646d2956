import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useSession } from '../session/sessionContext';
import { useCan } from '../session/useCan';
import { Icon, actionIcons, routeIcons } from '../ui/icons';
import { useModalDialog } from '../ui/useModalDialog';
import { menuGroupsOf } from './menuGroups';
import { appRoutes, menuPath } from './routeTable';
import type { AppRoute } from './routeTable';
import { useHomeRoute } from './useHomeRoute';
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

/** The menu: the user's home first, then what the rule table lets them open, grouped by area, and installing the app. */
function DrawerMenu({ openings, onClose }: { openings: number; onClose(): void }) {
  const { t } = useTranslation(['shell', 'routes', 'field', 'messages']);
  const installable = useCanInstall();
  const can = useCan();
  const home = useHomeRoute();
  const unread = useUnreadAnnouncements(can('announcements.read'), openings);
  const unreadThreads = useUnreadThreads(can('threads.read'), openings);
  const badgeOf = (id: string): number => (id === 'announcements' ? unread : id === 'threads' ? unreadThreads : 0);
  // The rule table of src/lib/rights (spec section 6 flags included) decides what the menu offers.
  const groups = menuGroupsOf(appRoutes, home.id, (route) => can(route.right));
  const link = (route: AppRoute) => (
    <li key={route.id}>
      <NavLink to={menuPath(route)} end={route.id === 'home'} className={styles.link} onClick={onClose}>
        <Icon icon={routeIcons[route.id] ?? actionIcons.menu} />
        {t(`routes:${route.id === 'home' ? 'myApartment' : route.id}`)}
        {badgeOf(route.id) > 0 ? <span className={styles.badge}>{t('messages:unread', { count: badgeOf(route.id) })}</span> : null}
      </NavLink>
    </li>
  );
  return (
    <nav aria-label={t('shell:menu.title')}>
      <ul className={styles.list}>{link(home)}</ul>
      {groups.map(({ group, routes }) => (
        <MenuSection key={group} heading={t(`shell:menu.groups.${group}`)}>
          {routes.map(link)}
          {group === 'personal' && installable ? (
            <li>
              <button type="button" className={styles.link} onClick={() => void promptInstall().finally(onClose)}>
                <Icon icon={actionIcons.install} />
                {t('field:install.menu')}
              </button>
            </li>
          ) : null}
        </MenuSection>
      ))}
    </nav>
  );
}

/** A group of the menu under its heading, which names the list for screen readers. */
function MenuSection({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className={styles.group}>
      <h2 id={id} className={styles.groupHeading}>
        {heading}
      </h2>
      <ul className={styles.list} aria-labelledby={id}>
        {children}
      </ul>
    </div>
  );
}
