import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BuildingProfile } from './buildingsQueries';
import { Icon, routeIcons } from '../../ui/icons';
import { useCan } from '../../session/useCan';
import { BuildingAvatar } from './BuildingAvatar';
import styles from './BuildingProfileCard.module.css';

type Props = { profile: BuildingProfile; headingId: string };

/** The current building: its profile and the screens that work on it, one tap away. */
export function BuildingProfileCard({ profile, headingId }: Props) {
  const { t } = useTranslation(['buildings', 'routes']);
  const { building } = profile;
  const can = useCan();
  const style: CSSProperties & Record<'--accent', string> = { '--accent': building.buttonColor };
  const links = [
    { id: 'serviceCalls', to: `/service-calls/${building.id}`, count: profile.openCalls },
    { id: 'addServiceCalls', to: `/add-service-calls/${building.id}` },
    { id: 'apartments', to: '/apartments' },
    { id: 'searchContact', to: '/search-contact' },
    { id: 'electricityMeter', to: `/electricity-meter/${building.id}` },
    { id: 'keys', to: '/keys', count: profile.pendingKeys },
    { id: 'mailItems', to: '/mail-items', count: profile.pendingMailItems },
    { id: 'maintenanceAndFacilities', to: '/maintenance-and-facilities' },
    { id: 'dailyPlan', to: '/daily-plan' },
    ...(can('billingSettings.edit') ? [{ id: 'billingSettings', to: `/billing-settings/${building.id}` }] : []),
    ...(can('feeSchedule.read') ? [{ id: 'feeSchedule', to: `/fee-schedule/${building.id}` }] : []),
    ...(can('books.read') ? [{ id: 'statements', to: `/statements/${building.id}` }] : []),
    ...(can('checkLife.read') ? [{ id: 'checkLife', to: `/check-life/${building.id}` }] : []),
  ].map((link) => ({ ...link, label: t(`routes:${link.id}`), icon: routeIcons[link.id] }));
  return (
    <section className={styles.card} style={style} aria-labelledby={headingId}>
      <div className={styles.header}>
        <BuildingAvatar name={building.name} logoUrl={building.logoUrl} color={building.buttonColor} size="large" />
        <div className={styles.title}>
          <p className={styles.eyebrow}>{t('profile.current')}</p>
          <h2 id={headingId} className={styles.name} tabIndex={-1}>
            {building.name}
          </h2>
          <p className={styles.address}>{t('profile.addressLine', { address: building.address, city: building.city })}</p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('profile.number')}</dt>
          <dd>{building.number}</dd>
        </div>
        <div>
          <dt>{t('profile.apartments')}</dt>
          <dd>{building.apartmentsCount}</dd>
        </div>
        <div>
          <dt>{t('profile.openCalls')}</dt>
          <dd>{profile.openCalls}</dd>
        </div>
        {building.managementType ? (
          <div>
            <dt>{t('profile.managementType')}</dt>
            <dd>{building.managementType}</dd>
          </div>
        ) : null}
      </dl>
      <nav aria-label={t('profile.quickLinks', { name: building.name })}>
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.to}>
              <Link className={styles.link} to={link.to}>
                <span className={styles.linkLabel}>
                  {link.icon ? <Icon icon={link.icon} size={18} /> : null}
                  {link.label}
                </span>
                {link.count ? <span className={styles.count}>{link.count}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
