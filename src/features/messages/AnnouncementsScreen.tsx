import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allBuildings } from '../../directory/buildingsRepo';
import { serverImageUrl } from '../../session/serverFile';
import { useSession } from '../../session/sessionContext';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { boardOf, markRead, pullBoard, messageCalls } from './messagesRepo';
import styles from './Messages.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

type PushState = 'idle' | 'granted' | 'denied' | 'unsupported' | 'failed';

/** "announcements": pinned and recent messages of the building, readable offline; new ones are marked. */
export function AnnouncementsScreen() {
  const { t, i18n } = useTranslation(['messages', 'errors', 'common']);
  const f = useFormats();
  const { session } = useSession();
  const buildings = useLiveQuery(() => allBuildings(), []);
  const buildingId = session.bID ?? buildings?.[0]?.id ?? null;
  const board = useLiveQuery(() => (buildingId === null ? null : boardOf(buildingId)), [buildingId]);
  const refresh = useServerRefresh(buildingId === null ? null : `board:${buildingId}`, (client) => pullBoard(client, buildingId ?? 0));
  const [unread, setUnread] = useState<ReadonlySet<string> | null>(null);
  const [push, setPush] = useState<PushState>(() => (typeof Notification !== 'undefined' && Notification.permission === 'granted' ? 'granted' : 'idle'));

  // What was new when the board opened stays marked while the user reads; it counts as read from now on.
  useEffect(() => {
    if (!board || unread !== null) return;
    setUnread(new Set(board.records.filter((m) => !board.read.includes(m.id)).map((m) => m.id)));
    void markRead(board.records.map((m) => m.id));
  }, [board, unread]);

  if (buildings !== undefined && buildingId === null) return <EmptyState title={t('boardTitle')} message={t('noBuilding')} />;
  if (board === undefined || (board === null && refresh.state === 'loading')) return <Spinner label={t('common:loading')} />;
  if (board === null)
    return <EmptyState title={t('boardTitle')} message={t('errors:anErrorOccurred')} action={<Button onClick={refresh.retry}>{t('retry')}</Button>} />;

  const subscribe = () =>
    void messageCalls.enablePush(i18n.language).then(
      (state) => setPush(state),
      () => setPush('failed'),
    );
  const newCount = unread?.size ?? 0;

  return (
    <div className={screenFrame.screen}>
      <div className={screenFrame.header}>
        <h2 className={screenFrame.heading}>{t('boardTitle')}</h2>
        {newCount > 0 ? <span className={styles.badge}>{t('unread', { count: newCount })}</span> : null}
      </div>
      {refresh.state === 'failed' ? (
        <p role="status" className={styles.note}>
          {t('offlineBoard')}
        </p>
      ) : null}
      {push === 'granted' ? (
        <p className={screenFrame.muted}>{t('push.on')}</p>
      ) : (
        <div className={styles.pushBox}>
          <p className={screenFrame.muted}>{t(`push.${push === 'idle' ? 'offer' : push}`)}</p>
          {push === 'idle' || push === 'failed' ? (
            <Button variant="secondary" onClick={subscribe}>
              {t('push.enable')}
            </Button>
          ) : null}
        </div>
      )}
      {board.records.length === 0 ? (
        <p className={screenFrame.muted}>{t('noMessages')}</p>
      ) : (
        <ul className={screenFrame.list}>
          {board.records.map((m) => (
            <li key={m.id} className={screenFrame.card}>
              <article aria-labelledby={`announcement-${m.id}`}>
                <div className={screenFrame.header}>
                  <h3 id={`announcement-${m.id}`} className={styles.subheading}>
                    {m.subject}
                  </h3>
                  {m.pinned ? <span className={styles.badge}>{t('pinned')}</span> : unread?.has(m.id) ? <span className={styles.badge}>{t('new')}</span> : null}
                </div>
                <p className={styles.body}>{m.body}</p>
                {m.imageId ? <img className={styles.image} src={serverImageUrl(m.imageId)} alt={t('imageOf', { subject: m.subject })} loading="lazy" /> : null}
                <p className={screenFrame.muted}>{t('sentBy', { by: m.sentBy, at: f.dateTime(m.createdAt) })}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
