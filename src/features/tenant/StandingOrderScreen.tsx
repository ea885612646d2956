import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardKind } from '../../lib/clearingFee';
import { addDays, toLocalDateString } from '../../lib/dates';
import type { StandingOrderFrequency } from '../../lib/domain/standingOrderRules';
import { standingOrderFrequencies } from '../../lib/domain/standingOrderRules';
import type { ApartmentAccountView, SavedCardView } from '../../lib/paymentAnswers';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { DateField } from '../../ui/DateField';
import { useOnline } from '../../ui/useOnline';
import { cancelStandingOrder, changeStandingOrder, setStandingOrder } from './standingOrdersRepo';
import styles from './Tenant.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import { useAccount } from './useAccount';
import { Alert } from '../../ui/Alert';

const days = Array.from({ length: 31 }, (_, i) => i + 1);

function isFrequency(value: string): value is StandingOrderFrequency {
  return (standingOrderFrequencies as readonly string[]).includes(value);
}

/** Standing order (hok, spec 2/3/5): billing day, frequency, start date and a kept card; see, change, cancel. */
export function StandingOrderScreen() {
  const { t } = useTranslation(['tenant', 'errors']);
  const { account } = useAccount();
  const [message, setMessage] = useState<string | null>(null);
  if (account === undefined) return <Spinner />;
  const apartment = account?.apartments[0];
  if (!account || !apartment) return <EmptyState title={t('standing.title')} message={t('errors:noApartment')} />;
  return (
    <StandingOrderForm
      key={`${apartment.standingOrder?.id ?? 'new'}:${apartment.standingOrder?.version ?? 0}`}
      apartment={apartment}
      cards={account.cards}
      message={message}
      onDone={setMessage}
    />
  );
}

type FormProps = { apartment: ApartmentAccountView; cards: readonly SavedCardView[]; message: string | null; onDone(message: string | null): void };

function StandingOrderForm({ apartment, cards, message, onDone }: FormProps) {
  const { t } = useTranslation(['tenant', 'errors']);
  const online = useOnline();
  const order = apartment.standingOrder;
  const [cardId, setCardId] = useState(order?.cardId ?? cards[0]?.id ?? '');
  const [billingDay, setBillingDay] = useState(order?.billingDay ?? 1);
  const [frequency, setFrequency] = useState<StandingOrderFrequency>(order && isFrequency(order.frequency) ? order.frequency : 'monthly');
  // Tomorrow by default: the server judges "not in the past" by Israel's date, which may be ahead of the device's.
  const [startDate, setStartDate] = useState(order?.startDate ?? toLocalDateString(addDays(new Date(), 1)));
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`) : null);

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    setFailure(null);
    onDone(null);
    try {
      await action();
      onDone(done);
    } catch (e) {
      const rule = ruleFailureOf(e);
      if (rule) setFailure(rule);
      else setError(errorKeyOf(e, 'errors:errorSaving'));
    } finally {
      setBusy(false);
    }
  };

  const draft = () => ({
    apartmentId: apartment.apartmentId,
    cardId,
    cardKind: (cards.find((c) => c.id === cardId)?.cardKind ?? null) as CardKind | null,
    billingDay,
    frequency,
    startDate,
  });
  const save = () =>
    run(() => (order ? changeStandingOrder(order.id, order.version, draft(), order.startDate) : setStandingOrder(draft())), t('standing.saved'));
  return (
    <section className={screenFrame.screen} aria-labelledby="standing-title">
      <h1 id="standing-title" className={screenFrame.heading}>
        {t('standing.title')}
      </h1>
      {message ? (
        <p className={styles.notice} role="status">
          {message}
        </p>
      ) : null}
      {error ? <Alert className={styles.notice}>{t(error)}</Alert> : null}
      {!online ? <p className={styles.notice}>{t('pay.needsConnection')}</p> : null}
      {order ? (
        <p>{t('standing.current', { day: order.billingDay, frequency: t(`standing.frequencies.${order.frequency}`) })}</p>
      ) : (
        <p className={screenFrame.muted}>{t('standing.none')}</p>
      )}
      {cards.length === 0 ? (
        <p className={styles.notice}>{t('standing.needsCard')}</p>
      ) : (
        <form
          className={screenFrame.screen}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <fieldset className={styles.fieldset} aria-describedby={errorOf('card') ? 'standing-card-error' : undefined}>
            <legend className={styles.legend}>{t('pay.card')}</legend>
            {cards.map((c) => (
              <label key={c.id} className={styles.choice}>
                <input type="radio" name="standing-card" checked={cardId === c.id} onChange={() => setCardId(c.id)} />
                <span>{t('cards.saved', { last4: c.last4, expiry: c.expiry })}</span>
              </label>
            ))}
            {errorOf('card') ? (
              <Alert as="span" id="standing-card-error" className={styles.error}>
                {errorOf('card')}
              </Alert>
            ) : null}
          </fieldset>
          <SelectField
            label={t('standing.billingDay')}
            value={String(billingDay)}
            onValueChange={(v) => setBillingDay(Number(v))}
            error={errorOf('billingDay')}
            options={days.map((d) => ({ value: String(d), label: String(d) }))}
          />
          <SelectField
            label={t('standing.frequency')}
            value={frequency}
            onValueChange={(v) => isFrequency(v) && setFrequency(v)}
            options={standingOrderFrequencies.map((f) => ({ value: f, label: t(`standing.frequencies.${f}`) }))}
          />
          <DateField label={t('standing.startDate')} value={startDate} onValueChange={setStartDate} error={errorOf('startDate')} />
          <p className={screenFrame.muted}>{t('standing.shortMonth')}</p>
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || !online}>
              {order ? t('standing.change') : t('standing.set')}
            </Button>
            {order ? (
              <Button variant="danger" disabled={busy || !online} onClick={() => void run(() => cancelStandingOrder(order.id), t('standing.cancelled'))}>
                {t('standing.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
