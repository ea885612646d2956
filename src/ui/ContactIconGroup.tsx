import { useTranslation } from 'react-i18next';
import { smsHref, telHref, whatsAppHref } from '../lib/phone';
import { mailtoHref } from '../lib/text';
import styles from './ContactIconGroup.module.css';

export type ContactKind = 'email' | 'call' | 'whatsapp' | 'sms';

/** `kinds`: the ways to offer (default all); a way shows only when the contact has what it opens. */
type Props = { name: string; email?: string | null; phone?: string | null; kinds?: readonly ContactKind[] };

const allKinds: readonly ContactKind[] = ['email', 'call', 'whatsapp', 'sms'];

const icons = {
  email: 'M3 5h18v14H3z M3 6l9 7 9-7',
  call: 'M6 3l3 0 2 5-2 1a11 11 0 0 0 6 6l1-2 5 2v3a2 2 0 0 1-2 2A17 17 0 0 1 4 5a2 2 0 0 1 2-2z',
  whatsapp: 'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z M9 8c0 4 3 7 7 7',
  sms: 'M4 4h16v12H8l-4 4z',
} as const;

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** Mail, phone, WhatsApp (0… becomes 972…) and SMS links; only the ones the contact has. */
export function ContactIconGroup({ name, email, phone, kinds = allKinds }: Props) {
  const { t } = useTranslation('common');
  const links = [
    ...(email ? [{ kind: 'email' as const, href: mailtoHref(email) }] : []),
    ...(phone
      ? [
          { kind: 'call' as const, href: telHref(phone) },
          { kind: 'whatsapp' as const, href: whatsAppHref(phone) },
          { kind: 'sms' as const, href: smsHref(phone) },
        ]
      : []),
  ].filter((link) => kinds.includes(link.kind));
  if (links.length === 0) return null;
  return (
    <ul className={styles.group} aria-label={t('contact.group', { name })}>
      {links.map((link) => (
        <li key={link.kind}>
          <a
            className={styles.link}
            href={link.href}
            aria-label={t(`contact.${link.kind}`, { name })}
            {...(link.kind === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <Icon path={icons[link.kind]} />
          </a>
        </li>
      ))}
    </ul>
  );
}
