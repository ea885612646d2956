import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ContactRow } from '../../db/schema';
import { nisOf } from '../../lib/agorot';
import { formatNis } from '../../lib/money';
import type { FormatLocale } from '../../lib/money';
import { ContactIconGroup } from '../../ui/ContactIconGroup';
import type { ApartmentWithTenants } from './apartmentsQueries';
import styles from './ApartmentsScreen.module.css';

function Tenant({ contact }: { contact: ContactRow }) {
  const { t } = useTranslation('contacts');
  return (
    <li className={styles.tenant}>
      <div className={styles.tenantText}>
        <span className={styles.tenantName}>{contact.fullName}</span>
        <span className={styles.role} data-role={contact.role}>
          {t(`roles.${contact.role}`)}
        </span>
        {contact.position ? <span className={styles.muted}>{contact.position}</span> : null}
        {contact.phone ? (
          <span className={styles.muted} dir="ltr">
            {contact.phone}
          </span>
        ) : null}
      </div>
      <ContactIconGroup name={contact.fullName} email={contact.email} phone={contact.phone} />
    </li>
  );
}

/** `staff`: what management staff see and change of the apartment (its legal proceedings). */
export function ApartmentCard({ item, locale, staff }: { item: ApartmentWithTenants; locale: FormatLocale; staff?: ReactNode }) {
  const { t } = useTranslation('buildings');
  const { apartment, tenants, pendingKeys, pendingMailItems, pastDueAgorot } = item;
  const headingId = `apartment-${apartment.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.cardTitle}>
          {t('apartments.title', { number: apartment.number })}
        </h3>
        <span className={apartment.debt > 0 ? styles.debt : styles.noDebt}>
          {apartment.debt > 0 ? t('apartments.debt', { amount: formatNis(apartment.debt, locale) }) : t('apartments.noDebt')}
        </span>
        {pastDueAgorot > 0 ? <span className={styles.debt}>{t('apartments.pastDue', { amount: formatNis(nisOf(pastDueAgorot), locale) })}</span> : null}
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t('apartments.floor')}</dt>
          <dd>{apartment.floor === 0 ? t('apartments.groundFloor') : apartment.floor}</dd>
        </div>
        <div>
          <dt>{t('apartments.entrance')}</dt>
          <dd>{apartment.entrance ?? t('apartments.none')}</dd>
        </div>
        <div>
          <dt>{t('apartments.parking')}</dt>
          <dd>{apartment.parking ?? t('apartments.none')}</dd>
        </div>
      </dl>
      {pendingKeys > 0 || pendingMailItems > 0 ? (
        <p className={styles.pending}>
          {pendingKeys > 0 ? (
            <Link to="/keys" className={styles.pendingLink}>
              {t('apartments.pendingKeys', { count: pendingKeys })}
            </Link>
          ) : null}
          {pendingMailItems > 0 ? (
            <Link to="/mail-items" className={styles.pendingLink}>
              {t('apartments.pendingMail', { count: pendingMailItems })}
            </Link>
          ) : null}
        </p>
      ) : null}
      {tenants.length > 0 ? (
        <ul className={styles.tenants} aria-label={t('apartments.tenants')}>
          {tenants.map((c) => (
            <Tenant key={c.id} contact={c} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('apartments.noTenants')}</p>
      )}
      {staff}
    </article>
  );
}
