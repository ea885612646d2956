import { useTranslation } from 'react-i18next';
import type { ContactRow } from '../../db/schema';
import { ContactIconGroup } from '../../ui/ContactIconGroup';
import type { ContactPlace } from './contactsQueries';
import styles from './SearchContactScreen.module.css';

export function ContactResult({ contact, place }: { contact: ContactRow; place: ContactPlace | undefined }) {
  const { t } = useTranslation('contacts');
  const where = [place?.buildingName ?? null, place?.apartmentNumber ? t('result.apartment', { number: place.apartmentNumber }) : null].filter(
    (part): part is string => part !== null,
  );
  return (
    <li className={styles.result}>
      <div className={styles.resultText}>
        <span className={styles.name}>{contact.fullName}</span>
        <span className={styles.role}>{t(`roles.${contact.role}`)}</span>
        {contact.position ? <span className={styles.detail}>{contact.position}</span> : null}
        {where.length > 0 ? <span className={styles.detail}>{where.join(' · ')}</span> : null}
        {contact.phone ? (
          <span className={styles.detail} dir="ltr">
            {contact.phone}
          </span>
        ) : null}
        {contact.email ? (
          <span className={styles.detail} dir="ltr">
            {contact.email}
          </span>
        ) : null}
      </div>
      <ContactIconGroup name={contact.fullName} email={contact.email} phone={contact.phone} />
    </li>
  );
}
