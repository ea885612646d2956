import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { messageChannels } from '../../lib/domain/messageRules';
import type { RefreshState } from '../../session/useServerRefresh';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { sentOf } from './messagesRepo';
import styles from './Messages.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

/** The building's sent messages: per channel how many were sent, are waiting or failed, and why. */
export function SentMessages({ buildingId, state }: { buildingId: number; state: RefreshState }) {
  const { t } = useTranslation(['messages', 'errors', 'common']);
  const f = useFormats();
  const list = useLiveQuery(() => sentOf(buildingId), [buildingId]);
  const reason = (r: string | null) =>
    r === 'emailNotDelivered' ? t('errors:emailNotDelivered') : r === 'noAddress' ? t('noAddress') : t('errors:anErrorOccurred');
  return (
    <section className={screenFrame.section} aria-labelledby="sent-messages">
      <h3 id="sent-messages" className={styles.subheading}>
        {t('sentList')}
      </h3>
      {list === undefined || (list === null && state === 'loading') ? (
        <Spinner label={t('common:loading')} />
      ) : !list || list.length === 0 ? (
        <p className={screenFrame.muted}>{t('noMessages')}</p>
      ) : (
        <ul className={screenFrame.list}>
          {list.map((m) => (
            <li key={m.id} className={screenFrame.card} aria-label={m.subject}>
              <strong>{m.subject}</strong>
              {m.topic && m.topic !== 'announcements' ? <span className={screenFrame.muted}>{t(`topics.${m.topic}`)}</span> : null}
              <span className={screenFrame.muted}>{t('sentBy', { by: m.sentBy, at: f.dateTime(m.createdAt) })}</span>
              <ul className={styles.counts}>
                {messageChannels
                  .filter((c) => m.channels.includes(c))
                  .map((c) => (
                    <li key={c}>
                      {t('counts', {
                        channel: t(`channel.${c}`),
                        sent: m.report[c].sent,
                        queued: m.report[c].queued,
                        failed: m.report[c].failed + m.report[c].noAddress,
                      })}
                      {(m.report[c].optedOut ?? 0) > 0 ? ` · ${t('optedOut', { count: m.report[c].optedOut })}` : ''}
                    </li>
                  ))}
              </ul>
              {m.failures.length > 0 ? (
                <details>
                  <summary>{t('failures', { count: m.failures.length })}</summary>
                  <ul className={styles.counts}>
                    {m.failures.map((x) => (
                      <li key={`${x.channel}:${x.name}`}>{t('failure', { name: x.name, channel: t(`channel.${x.channel}`), reason: reason(x.reason) })}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
