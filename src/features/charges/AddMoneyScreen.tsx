import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildingPickerOptions, useAddressBuilding, useOnBuildingChange } from '../../directory/buildingPicker';
import type { ChargeReason } from '../../lib/domain/chargeRules';
import { chargeReasons } from '../../lib/domain/chargeRules';
import { useSession } from '../../session/sessionContext';
import { Button } from '../../ui/Button';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { ResultDialog } from '../../ui/ResultDialog';
import { SelectField } from '../../ui/SelectField';
import { DateField } from '../../ui/DateField';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import { useResult } from '../../ui/useResult';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from '../../ui/fieldScreens.module.css';
import { addCharge, pullBuildingApartments } from './chargesRepo';
import { apartmentsOf, chargesSent } from './chargesQueries';
import { Alert } from '../../ui/Alert';

const ALL = '*';

function isReason(value: string): value is ChargeReason {
  return (chargeReasons as readonly string[]).includes(value);
}

/** /add-money/:bid? — a quick charge to one apartment or every apartment of a building (spec 1, 3). */
export function AddMoneyScreen() {
  const { t } = useTranslation(['charges', 'errors', 'common']);
  const f = useFormats();
  const online = useOnline();
  const { session } = useSession();
  const { buildingId, kept: buildings, choose } = useAddressBuilding('/add-money', session.bID);
  const [apartment, setApartment] = useState('');
  const [reason, setReason] = useState<ChargeReason>('special');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState('');
  const apartments = useLiveQuery(() => (buildingId === null ? [] : apartmentsOf(buildingId)), [buildingId]);
  const sent = useLiveQuery(() => chargesSent(), []);
  const result = useResult();
  const { setFailure, busy, errorOf, errorBesides, save } = useRuleForm(() => result.fail('errors:errorSaving'));

  useOnBuildingChange(buildingId, () => {
    setApartment('');
    setFailure(null);
  });

  useEffect(() => {
    if (online && buildingId !== null) void pullBuildingApartments(buildingId).catch(() => undefined);
  }, [online, buildingId]);

  const submit = () =>
    save(async () => {
      const all = apartment === ALL;
      await addCharge({
        buildingId,
        apartmentId: all ? null : apartment || null,
        allApartments: all,
        reason,
        description,
        amount: amount.trim() === '' ? null : Number(amount),
        dueDate,
      });
      setDescription('');
      setAmount('');
      setFailure(null);
      result.succeed(online ? t('charges:saved') : t('charges:savedOnDevice'));
    });

  const clear = () => setFailure(null);
  const buildingName = (id: number) => buildings?.find((b) => b.id === id)?.name ?? String(id);
  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('charges:title')}</h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SelectField
          label={t('charges:building')}
          value={buildingId === null ? '' : String(buildingId)}
          onValueChange={choose}
          error={errorOf('buildingId')}
          options={buildingPickerOptions(buildings ?? [], buildingId, null, t('charges:chooseBuilding'))}
        />
        <SelectField
          label={t('charges:apartment')}
          value={apartment}
          onValueChange={(v) => {
            setApartment(v);
            clear();
          }}
          error={errorOf('apartmentId')}
          options={[
            { value: '', label: t('charges:chooseApartment') },
            { value: ALL, label: t('charges:allApartments') },
            ...(apartments ?? []).map((a) => ({ value: a.id, label: t('charges:apartmentOption', { number: a.number }) })),
          ]}
        />
        <fieldset className={styles.fieldset}>
          <legend>{t('charges:reason')}</legend>
          {chargeReasons.map((r) => (
            <label key={r} className={styles.choice}>
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={(e) => isReason(e.target.value) && setReason(e.target.value)} />
              <span>{t(`charges:reasons.${r}`)}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('charges:description')}
          value={description}
          onValueChange={(v) => {
            setDescription(v);
            clear();
          }}
          autoComplete="off"
          error={errorOf('description')}
        />
        <TextField
          label={t('charges:amount')}
          value={amount}
          onValueChange={(v) => {
            setAmount(v);
            clear();
          }}
          inputMode="decimal"
          autoComplete="off"
          error={errorOf('amount')}
        />
        <DateField
          label={t('charges:dueDate')}
          value={dueDate}
          onValueChange={(v) => {
            setDueDate(v);
            clear();
          }}
          error={errorOf('dueDate')}
        />
        {errorBesides(['buildingId', 'apartmentId', 'description', 'amount', 'dueDate']) ? (
          <Alert className={styles.error}>{errorBesides(['buildingId', 'apartmentId', 'description', 'amount', 'dueDate'])}</Alert>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {t('charges:save')}
          </Button>
        </div>
      </form>
      {sent && sent.length > 0 ? (
        <section aria-labelledby="charges-sent">
          <h3 id="charges-sent" className={styles.subheading}>
            {t('charges:sent')}
          </h3>
          <ul className={styles.list} aria-label={t('charges:sent')}>
            {sent.map((c) => (
              <li key={c.key} className={styles.card}>
                <span>
                  {c.value.description} · {f.nis(c.value.amount)} · {buildingName(c.value.buildingId)}
                  {c.value.allApartments ? ` · ${t('charges:allApartments')}` : ''}
                </span>
                <span className={styles.muted}>{t('charges:due', { date: f.date(c.value.dueDate) })}</span>
                <RecordSyncBadge state={c.syncState} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
