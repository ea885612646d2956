import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReminderRule } from '../../lib/domain/debtReminderRules';
import { messageChannels } from '../../lib/domain/messageRules';
import type { MessageChannel } from '../../lib/domain/messageRules';
import { useOnlineList } from '../../session/useOnlineList';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import type { ReminderLogLine } from './debtRemindersRepo';
import { buildingReminderLog, buildingReminderRule, saveReminderRule } from './debtRemindersRepo';
import { useKeyedDraft } from './useKeyedDraft';
import { Alert } from '../../ui/Alert';

type Draft = { enabled: boolean; firstAfterDays: string; everyDays: string; maxCount: string; channels: MessageChannel[] };

const draftOf = (r: ReminderRule): Draft => ({
  enabled: r.enabled,
  firstAfterDays: String(r.firstAfterDays),
  everyDays: String(r.everyDays),
  maxCount: String(r.maxCount),
  channels: r.channels,
});
/** The counts typed as text, in the order the form shows them. */
const countFields = ['firstAfterDays', 'everyDays', 'maxCount'] as const satisfies readonly (keyof Draft)[];
/** A typed count that is not a whole number becomes -1, which the rule refuses. */
const whole = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : -1);
const ruleOf = (d: Draft): ReminderRule => ({
  enabled: d.enabled,
  firstAfterDays: whole(d.firstAfterDays),
  everyDays: whole(d.everyDays),
  maxCount: whole(d.maxCount),
  channels: d.channels,
});

/** The building's reminders to debtors: when and how they go out, and the log of what went to whom. */
export function DebtRemindersSection({ buildingId, online }: { buildingId: number; online: boolean }) {
  const { t } = useTranslation(['billing', 'errors']);
  const loaded = useOnlineList<ReminderRule>(buildingId, online, async () => [await buildingReminderRule(buildingId)]);
  const log = useOnlineList<ReminderLogLine>(buildingId, online, () => buildingReminderLog(buildingId));
  const rule = loaded.rows?.[0];
  // Kept here: the form is rebuilt from the rule the server answers after a save.
  const [notice, setNotice] = useState<{ buildingId: number; text: string } | null>(null);
  return (
    <section aria-labelledby="debt-reminders" className={styles.form}>
      <h3 id="debt-reminders" className={styles.heading}>
        {t('billing:reminders.title')}
      </h3>
      {rule ? (
        <RuleForm
          key={buildingId}
          buildingId={buildingId}
          rule={rule}
          online={online}
          onChange={() => setNotice(null)}
          onSaved={() => {
            setNotice({ buildingId, text: t('billing:reminders.saved') });
            loaded.reload();
            log.reload();
          }}
        />
      ) : loaded.error ? (
        <Alert>{t(loaded.error)}</Alert>
      ) : online ? (
        <Spinner />
      ) : null}
      {notice?.buildingId === buildingId ? (
        <p className={styles.muted} role="status">
          {notice.text}
        </p>
      ) : null}
      <ReminderLog rows={log.rows} error={log.error} />
    </section>
  );
}

function RuleForm({
  buildingId,
  rule,
  online,
  onChange,
  onSaved,
}: {
  buildingId: number;
  rule: ReminderRule;
  online: boolean;
  onChange(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['billing', 'errors']);
  const { draft, change, save, busy, error, fieldError } = useKeyedDraft<Draft>(() => draftOf(rule), onChange);
  const toggle = (c: MessageChannel) =>
    change({
      channels: draft.channels.includes(c) ? draft.channels.filter((x) => x !== c) : messageChannels.filter((x) => x === c || draft.channels.includes(x)),
    });
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('billing:reminders.formTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void save((d, saveKey) => saveReminderRule(buildingId, ruleOf(d), saveKey), onSaved);
      }}
    >
      <label className={styles.choice}>
        <input type="checkbox" checked={draft.enabled} onChange={() => change({ enabled: !draft.enabled })} />
        <span>{t('billing:reminders.enabled')}</span>
      </label>
      {countFields.map((field) => (
        <TextField
          key={field}
          label={t(`billing:reminders.${field}`)}
          value={draft[field]}
          onValueChange={(v) => change({ [field]: v })}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          error={fieldError(field)}
        />
      ))}
      <fieldset className={styles.fieldset}>
        <legend>{t('billing:reminders.channels')}</legend>
        {messageChannels.map((c) => (
          <label key={c} className={styles.choice}>
            <input type="checkbox" checked={draft.channels.includes(c)} onChange={() => toggle(c)} />
            <span>{t(`billing:reminders.channel.${c}`)}</span>
          </label>
        ))}
        {fieldError('channels') ? <Alert>{fieldError('channels')}</Alert> : null}
      </fieldset>
      <p className={styles.muted}>{t('billing:reminders.preferencesNote')}</p>
      {error && ![...countFields, 'channels'].includes(error.field) ? <Alert>{t(error.key)}</Alert> : null}
      <Button type="submit" disabled={busy || !online}>
        {t('billing:reminders.save')}
      </Button>
    </form>
  );
}

/** Who was reminded, when, by which channel, of how much, and what came of it; the newest first. */
function ReminderLog({ rows, error }: { rows: ReminderLogLine[] | null; error: string | null }) {
  const { t } = useTranslation(['billing', 'errors']);
  const f = useFormats();
  return (
    <section aria-labelledby="reminder-log">
      <h4 id="reminder-log" className={styles.heading}>
        {t('billing:reminders.log')}
      </h4>
      {error ? (
        <Alert>{t(error)}</Alert>
      ) : rows === null ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('billing:reminders.noneSent')}</p>
      ) : (
        <table aria-labelledby="reminder-log">
          <thead>
            <tr>
              <th scope="col">{t('billing:reminders.when')}</th>
              <th scope="col">{t('billing:reminders.who')}</th>
              <th scope="col">{t('billing:reminders.channels')}</th>
              <th scope="col">{t('billing:reminders.amount')}</th>
              <th scope="col">{t('billing:reminders.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.reminderId}:${r.contactId}:${r.channel}`}>
                <td>{f.dateTime(r.sentAt ?? r.createdAt)}</td>
                <td>{t('billing:reminders.whoLine', { name: r.contactName ?? '—', number: r.apartmentNumber ?? '—', step: r.step + 1 })}</td>
                <td>{t(`billing:reminders.channel.${r.channel}`)}</td>
                <td>{f.agorot(r.amountAgorot)}</td>
                <td>{t(`billing:reminders.states.${r.reason === 'noAddress' || r.reason === 'optedOut' ? r.reason : r.state}`, { defaultValue: r.state })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
