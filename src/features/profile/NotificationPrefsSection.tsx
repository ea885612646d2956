import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageChannel } from '../../lib/domain/messageRules';
import { messageChannels } from '../../lib/domain/messageRules';
import type { MessageTopic, NotificationPrefs } from '../../lib/domain/notificationPrefs';
import { messageTopics } from '../../lib/domain/notificationPrefs';
import { Button } from '../../ui/Button';
import { errorKeyOf } from '../../session/errorKey';
import { saveNotificationPrefs, storedNotificationPrefs } from './profileRepo';
import styles from './ProfileScreen.module.css';

/** "Notifications": which ways (e-mail, SMS, push) and which topics of messages reach the user. */
export function NotificationPrefsSection({ owner, onSaved, onFailed }: { owner: string | null; onSaved: () => void; onFailed: (messageKey: string) => void }) {
  const { t } = useTranslation(['profile', 'errors']);
  const stored = useLiveQuery(() => (owner === null ? undefined : storedNotificationPrefs(owner)), [owner]);
  const [draft, setDraft] = useState<NotificationPrefs | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (stored && draft === null) setDraft(stored);
  }, [stored, draft]);
  if (!draft) return null;

  const setChannel = (channel: MessageChannel, on: boolean) => setDraft({ ...draft, channels: { ...draft.channels, [channel]: on } });
  const setTopic = (topic: MessageTopic, on: boolean) => setDraft({ ...draft, topics: { ...draft.topics, [topic]: on } });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await saveNotificationPrefs(draft);
      onSaved();
    } catch (error) {
      onFailed(errorKeyOf(error, 'errors:anErrorOccurred'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="profile-notifications">
      <h2 id="profile-notifications" className={styles.heading}>
        {t('profile:notifications.title')}
      </h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <fieldset className={styles.fieldset}>
          <legend>{t('profile:notifications.channels')}</legend>
          {messageChannels.map((channel) => (
            <label key={channel} className={styles.check}>
              <input type="checkbox" checked={draft.channels[channel]} onChange={(e) => setChannel(channel, e.target.checked)} />
              {t(`profile:notifications.channel.${channel}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>{t('profile:notifications.topics')}</legend>
          {messageTopics.map((topic) => (
            <label key={topic} className={styles.check}>
              <input type="checkbox" checked={draft.topics[topic]} onChange={(e) => setTopic(topic, e.target.checked)} />
              {t(`profile:notifications.topic.${topic}`)}
            </label>
          ))}
        </fieldset>
        <p className={styles.muted}>{t('profile:notifications.note')}</p>
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={busy} aria-busy={busy}>
            {t('profile:notifications.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
