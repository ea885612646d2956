import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/outboxRows';
import { retryNow } from '../../sync/write/userActions';
import { ConflictForm } from './ConflictForm';
import { EditRetryForm } from './EditRetryForm';
import { editableFieldsOf } from './editableFields';
import { entryTitleKey } from './entryTitles';
import { fieldLabel, isShownField } from './fieldDisplay';
import { requestReplayNow } from '../../session/syncController';
import styles from './SyncScreen.module.css';
import { useOnline } from '../../ui/useOnline';
import { useFormats } from '../../ui/useFormats';
import { discardWithServerCopy } from './outboxRepo';

export function OutboxEntryCard({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation(['sync', 'errors']);
  const f = useFormats();
  const [editing, setEditing] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const title = t(entryTitleKey(entry));
  const online = useOnline();
  // Offline nothing is attempted (the engine waits for the connection), so a waiting entry says so.
  const waitingForConnection = entry.state === 'pending' && !online;
  const error = entry.lastError;
  const state = entry.conflict ? 'conflict' : waitingForConnection ? 'offline' : entry.state;
  const canEdit = entry.state === 'attention' && !entry.conflict && entry.op !== 'delete' && editableFieldsOf(entry).length > 0;

  return (
    <li className={styles.entry} data-state={state} aria-label={title}>
      <div className={styles.entryHead}>
        <strong>{title}</strong>
        <span className={styles.entryState}>{t(`entryState.${state}`)}</span>
      </div>
      <p className={styles.meta}>
        {t('entry.created', { time: f.dateTime(entry.createdAt) })}
        {entry.attempts > 0 ? ` · ${t('entry.attempts', { count: entry.attempts })}` : null}
        {entry.state === 'pending' && online && entry.nextAttemptAt > Date.now()
          ? ` · ${t('entry.nextAttempt', { time: f.time(entry.nextAttemptAt, { seconds: true }) })}`
          : null}
      </p>
      {error && entry.state === 'attention' ? (
        <p className={styles.reason} role="note">
          {t(error.messageKey, { ...error.params, defaultValue: error.message })}
          {error.field && isShownField(error.field) ? ` (${fieldLabel(t, error.field)})` : null}
        </p>
      ) : error && error.kind !== 'conflict' && !waitingForConnection ? (
        <p className={styles.meta}>{t(error.messageKey, { defaultValue: error.message })}</p>
      ) : null}
      {entry.conflict ? <ConflictForm entry={entry} /> : null}
      {editing ? <EditRetryForm entry={entry} onDone={() => setEditing(false)} /> : null}
      {editing ? null : (
        <div className={styles.actions}>
          {entry.conflict ? null : (
            <button type="button" onClick={() => void retryNow(entry.id).then(requestReplayNow)}>
              {t('entry.retry')}
            </button>
          )}
          {canEdit ? (
            <button type="button" onClick={() => setEditing(true)}>
              {t('entry.edit')}
            </button>
          ) : null}
          {confirmDiscard ? (
            <>
              <button type="button" className={styles.danger} onClick={() => void discardWithServerCopy(entry.id)}>
                {t('entry.confirmDiscard')}
              </button>
              <button type="button" onClick={() => setConfirmDiscard(false)}>
                {t('entry.cancel')}
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setConfirmDiscard(true)}>
              {t('entry.discard')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
