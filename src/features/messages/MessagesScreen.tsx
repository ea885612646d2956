import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { allBuildings } from '../../directory/buildingsRepo';
import type { MessageChannel } from '../../lib/domain/messageRules';
import { messageChannels } from '../../lib/domain/messageRules';
import type { MessageTopic } from '../../lib/domain/notificationPrefs';
import { composedTopics, isMessageTopic } from '../../lib/domain/notificationPrefs';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { useSession } from '../../session/sessionContext';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { ResultDialog } from '../../ui/ResultDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useOnline } from '../../ui/useOnline';
import { useResult } from '../../ui/useResult';
import { SentMessages } from './SentMessages';
import { pullSent, messageCalls } from './messagesRepo';
import type { Preview } from './messagesRepo';
import styles from './Messages.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

/** "messages": compose a message to owners and/or renters, sent by e-mail, SMS and push; the sent list with delivery. */
export function MessagesScreen() {
  const { t } = useTranslation(['messages', 'errors', 'common']);
  const online = useOnline();
  const { session } = useSession();
  const buildings = useLiveQuery(() => allBuildings(), []);
  const buildingId = session.bID ?? buildings?.[0]?.id ?? null;
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [owners, setOwners] = useState(false);
  const [renters, setRenters] = useState(false);
  const [channels, setChannels] = useState<MessageChannel[]>([]);
  const [pinned, setPinned] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  // A new key empties the file input after a message is sent.
  const [imageInput, setImageInput] = useState(0);
  const [topic, setTopic] = useState<MessageTopic>('announcements');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const result = useResult();
  const sent = useServerRefresh(buildingId === null ? null : `sent:${buildingId}`, (client) => pullSent(client, buildingId ?? 0));

  useEffect(() => {
    if (buildingId === null || (!owners && !renters) || !online) {
      setPreview(null);
      return;
    }
    let live = true;
    messageCalls.previewAudience(buildingId, owners, renters, topic).then(
      (p) => live && setPreview(p),
      () => live && setPreview(null),
    );
    return () => {
      live = false;
    };
  }, [buildingId, owners, renters, topic, online]);

  if (buildings !== undefined && buildingId === null) return <EmptyState title={t('title')} message={t('noBuilding')} />;
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`, failure.params ?? {}) : null);
  const toggle = (channel: MessageChannel, on: boolean) => setChannels((list) => (on ? [...list, channel] : list.filter((c) => c !== channel)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (buildingId === null) return;
    setBusy(true);
    try {
      await messageCalls.sendMessage(
        buildingId,
        { subject, body, owners, renters, channels, pinned, topic, image },
        { compID: session.compID ?? 0, userID: session.userID ?? 0 },
      );
      setFailure(null);
      setSubject('');
      setBody('');
      setPinned(false);
      setImage(null);
      setImageInput((n) => n + 1);
      result.succeed(t('sent'));
      sent.retry();
    } catch (error) {
      const refused = ruleFailureOf(error);
      if (refused) setFailure(refused);
      else result.fail(errorKeyOf(error, 'errors:anErrorOccurred'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={screenFrame.screen}>
      <h2 className={screenFrame.heading}>{t('title')}</h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('subject')} value={subject} onValueChange={setSubject} error={errorOf('subject')} />
        <Field label={t('body')} error={errorOf('body')}>
          {(control) => <textarea {...control} rows={5} value={body} onChange={(e) => setBody(e.target.value)} />}
        </Field>
        <Field label={t('image')} hint={t('imageHint')} error={errorOf('image')}>
          {(control) => <input key={imageInput} {...control} type="file" accept="image/*" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />}
        </Field>
        <SelectField
          label={t('topic')}
          hint={t('topicHint')}
          value={topic}
          onValueChange={(v) => setTopic(isMessageTopic(v) ? v : 'announcements')}
          options={composedTopics.map((k) => ({ value: k, label: t(`topics.${k}`) }))}
        />
        <fieldset className={styles.fieldset} aria-describedby={errorOf('audience') ? 'audience-error' : undefined}>
          <legend>{t('audience')}</legend>
          <label className={styles.check}>
            <input type="checkbox" checked={owners} onChange={(e) => setOwners(e.target.checked)} />
            {t('owners')}
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={renters} onChange={(e) => setRenters(e.target.checked)} />
            {t('renters')}
          </label>
          {errorOf('audience') ? (
            <p id="audience-error" className={styles.error}>
              {errorOf('audience')}
            </p>
          ) : null}
        </fieldset>
        <fieldset className={styles.fieldset} aria-describedby={errorOf('channels') ? 'channels-error' : undefined}>
          <legend>{t('channels')}</legend>
          {messageChannels.map((channel) => (
            <label key={channel} className={styles.check}>
              <input type="checkbox" checked={channels.includes(channel)} onChange={(e) => toggle(channel, e.target.checked)} />
              {t(`channel.${channel}`)}
              {preview ? <span className={screenFrame.muted}>{t('reach', { count: preview[channel].reach, total: preview.recipients })}</span> : null}
              {preview && preview[channel].optedOut > 0 ? (
                <span className={screenFrame.muted}>{t('optedOut', { count: preview[channel].optedOut })}</span>
              ) : null}
            </label>
          ))}
          {errorOf('channels') ? (
            <p id="channels-error" className={styles.error}>
              {errorOf('channels')}
            </p>
          ) : null}
        </fieldset>
        {preview
          ? channels
              .filter((c) => preview[c].missing.length > 0)
              .map((c) => (
                <p key={c} className={screenFrame.muted}>
                  {t('missing', { channel: t(`channel.${c}`), names: preview[c].missing.join(', ') })}
                </p>
              ))
          : null}
        <label className={styles.check}>
          <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} />
          {t('pin')}
        </label>
        {!online ? (
          <p role="status" className={styles.note}>
            {t('needsConnection')}
          </p>
        ) : null}
        <Button type="submit" block disabled={busy || !online}>
          {busy ? t('sending') : t('send')}
        </Button>
      </form>
      {buildingId !== null ? <SentMessages buildingId={buildingId} state={sent.state} /> : null}
      <ResultDialog open={result.success !== null} isSuccess message={result.success ?? ''} onClose={result.close} />
    </div>
  );
}
