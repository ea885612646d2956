import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { debtAge, israelToday } from '../../lib/domain/debtAge';
import type { PaymentQuoteView, PaymentRecord } from '../../lib/paymentAnswers';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import { useOnline } from '../../ui/useOnline';
import { pullAccount } from './accountRepo';
import { CardChooser, NEW_CARD } from './CardChooser';
import type { NewCard } from './paymentsRepo';
import { addCard, payByCard, quotePayment, resumePayment } from './paymentsRepo';
import { linkedCharges } from './payLink';
import { PaymentOutcome } from './PaymentOutcome';
import styles from './Tenant.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import { useAccount } from './useAccount';
import { Alert } from '../../ui/Alert';

const emptyCard: NewCard = { entryId: null, keep: null };

type Review = { cardId: string; quote: PaymentQuoteView };

/** Pay debts by card (issue 14): choose debts, a card, see the clearing fee and VAT, confirm once. */
export function PayScreen() {
  const { t } = useTranslation(['tenant', 'errors']);
  const f = useFormats();
  const ledgerText = useLedgerText();
  const today = israelToday(new Date());
  const online = useOnline();
  const { apartmentId } = useParams();
  const [search] = useSearchParams();
  const linked = search.get('charges');
  const { account } = useAccount();
  const [chosen, setChosen] = useState<string[]>([]);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [card, setCard] = useState<NewCard>(emptyCard);
  const [newCardId, setNewCardId] = useState<string | null>(null);
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState<Review | null>(null);
  const [outcome, setOutcome] = useState<PaymentRecord | null>(null);
  const [resuming, setResuming] = useState(true);
  const [linkApplied, setLinkApplied] = useState(false);
  // A new entry on the provider's page is a new card: one saved from the last entry is not reused.
  const onEntered = useCallback((entryId: string | null) => {
    setCard((c) => ({ ...c, entryId }));
    setNewCardId(null);
  }, []);

  // A payment sent before a reload or a lost answer: show its outcome instead of starting another.
  useEffect(() => {
    let live = true;
    resumePayment()
      .then((done) => {
        if (live && done) setOutcome(done);
      })
      .catch((e: unknown) => {
        if (live) setError(errorKeyOf(e, 'errors:paymentError'));
      })
      .finally(() => {
        if (live) setResuming(false);
      });
    return () => {
      live = false;
    };
  }, []);

  const apartment = account?.apartments.find((a) => a.apartmentId === apartmentId) ?? account?.apartments[0];
  const payable = apartment?.debts.filter((d) => !d.pendingChecks) ?? [];
  const cards = account?.cards ?? [];
  const cardId = cardChoice ?? cards[0]?.id ?? NEW_CARD;

  // A reminder's link chooses its charges once the account is known (the tenant may change the choice).
  const payableIds = payable.map((d) => d.id).join(',');
  useEffect(() => {
    if (linkApplied || account === undefined) return;
    setLinkApplied(true);
    setChosen(linkedCharges(linked, payableIds === '' ? [] : payableIds.split(',')));
  }, [linkApplied, account, linked, payableIds]);

  if (resuming || account === undefined) return <Spinner />;
  if (outcome)
    return (
      <PaymentOutcome
        payment={outcome}
        onAgain={() => {
          setOutcome(null);
          setReview(null);
          setChosen([]);
        }}
      />
    );
  if (!apartment) return <EmptyState title={t('pay.title')} message={t('errors:noApartment')} />;

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const allChosen = payable.length > 0 && payable.every((d) => chosen.includes(d.id));

  const fail = (e: unknown) => {
    const rule = ruleFailureOf(e);
    setFailure(rule);
    setError(rule && rule.field !== 'debts' ? null : errorKeyOf(e, 'errors:paymentError'));
  };

  const toReview = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFailure(null);
    try {
      let id = cardId;
      if (id === NEW_CARD) {
        id = newCardId ?? (await addCard(card)).id;
        setNewCardId(id);
      }
      setReview({ cardId: id, quote: await quotePayment(apartment.apartmentId, chosen, id) });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!review) return;
    setBusy(true);
    setError(null);
    try {
      const paid = await payByCard({ apartmentId: apartment.apartmentId, chargeIds: chosen, cardId: review.cardId, expectedTotalAgorot: review.quote.total });
      setOutcome(paid);
      await pullAccount().catch(() => undefined);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const money = (agorot: number) => f.agorot(agorot);
  return (
    <section className={screenFrame.screen} aria-labelledby="pay-title">
      <h1 id="pay-title" className={screenFrame.heading}>
        {t('pay.title')}
      </h1>
      {!online ? <p className={styles.notice}>{t('pay.needsConnection')}</p> : null}
      {error ? <Alert className={styles.notice}>{t(error)}</Alert> : null}
      {review ? (
        <div className={styles.card}>
          <h2 className={styles.subheading}>{t('pay.review')}</h2>
          <dl className={styles.facts} aria-label={t('pay.review')}>
            <dt>{t('pay.debtsTotal')}</dt>
            <dd>{money(review.quote.subtotal)}</dd>
            <dt>{t('pay.fee')}</dt>
            <dd>{money(review.quote.feeNet)}</dd>
            <dt>{t('pay.vat', { rate: review.quote.vatBasisPoints / 100 })}</dt>
            <dd>{money(review.quote.feeVat)}</dd>
            <dt className={styles.total}>{t('pay.total')}</dt>
            <dd className={styles.total}>{money(review.quote.total)}</dd>
          </dl>
          <p className={screenFrame.muted}>{t('cards.saved', { last4: review.quote.last4, expiry: '' }).trim()}</p>
          <div className={styles.actions}>
            <Button onClick={() => void confirm()} disabled={busy || !online}>
              {t('pay.confirm', { total: money(review.quote.total) })}
            </Button>
            <Button variant="secondary" onClick={() => setReview(null)} disabled={busy}>
              {t('pay.back')}
            </Button>
          </div>
        </div>
      ) : (
        <form className={screenFrame.screen} onSubmit={(e) => void toReview(e)} noValidate>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('pay.debts')}</legend>
            <label className={styles.choice}>
              <input type="checkbox" checked={allChosen} onChange={() => setChosen(allChosen ? [] : payable.map((d) => d.id))} />
              <span>{t('pay.all')}</span>
            </label>
            {payable.map((d) => (
              <label key={d.id} className={styles.choice}>
                <input type="checkbox" checked={chosen.includes(d.id)} onChange={() => toggle(d.id)} />
                <span className={styles.rowText}>
                  <span>
                    {t(`debtKinds.${d.kind}`)}: {ledgerText(d)}
                  </span>
                  <span className={screenFrame.muted}>
                    {t('dueOn', { date: f.date(d.dueDate) })} · {t(`common:debtAges.${debtAge(d.dueDate, today)}`)}
                  </span>
                </span>
                <span className={styles.amount}>{money(d.openAgorot)}</span>
              </label>
            ))}
          </fieldset>
          <CardChooser
            cards={cards}
            chosen={cardId}
            onChoose={setCardChoice}
            card={card}
            onEntered={onEntered}
            onKeep={(keep) => setCard((c) => ({ ...c, keep }))}
            failure={failure}
          />
          <Button type="submit" disabled={busy || !online}>
            {t('pay.toReview')}
          </Button>
          <Link className={styles.link} to="/">
            {t('pay.cancel')}
          </Link>
        </form>
      )}
    </section>
  );
}
