import { useTranslation } from 'react-i18next';
import type { SavedCardView } from '../../lib/paymentAnswers';
import type { RuleFailure } from '../../lib/validation/rules';
import { CardEntryFrame } from './CardEntryFrame';
import type { NewCard } from './paymentsRepo';
import styles from './Tenant.module.css';

export const NEW_CARD = 'new';

type Props = {
  cards: readonly SavedCardView[];
  chosen: string;
  onChoose(id: string): void;
  card: NewCard;
  /** The entry's id once the card was entered on the provider's page (null while not). */
  onEntered(entryId: string | null): void;
  onKeep(keep: boolean): void;
  failure: RuleFailure | null;
};

/**
 * A saved card (last 4 digits and expiry) or a new one, typed on the clearing company's page framed here,
 * whose keep-details choice must be made (spec 5).
 */
export function CardChooser({ cards, chosen, onChoose, card, onEntered, onKeep, failure }: Props) {
  const { t } = useTranslation(['tenant', 'errors']);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`) : null);
  const keepError = errorOf('keep');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('pay.card')}</legend>
      {cards.map((c) => (
        <label key={c.id} className={styles.choice}>
          <input type="radio" name="card" checked={chosen === c.id} onChange={() => onChoose(c.id)} />
          <span>{t('cards.saved', { last4: c.last4, expiry: c.expiry })}</span>
        </label>
      ))}
      <label className={styles.choice}>
        <input type="radio" name="card" checked={chosen === NEW_CARD} onChange={() => onChoose(NEW_CARD)} />
        <span>{t('pay.newCard')}</span>
      </label>
      {chosen === NEW_CARD ? (
        <>
          <CardEntryFrame onEntered={onEntered} error={errorOf('card')} />
          <fieldset className={styles.fieldset} aria-invalid={keepError ? true : undefined} aria-describedby={keepError ? 'keep-error' : undefined}>
            <legend className={styles.legend}>{t('pay.keep')}</legend>
            <label className={styles.choice}>
              <input type="radio" name="keep" checked={card.keep === true} onChange={() => onKeep(true)} />
              <span>{t('pay.keepYes')}</span>
            </label>
            <label className={styles.choice}>
              <input type="radio" name="keep" checked={card.keep === false} onChange={() => onKeep(false)} />
              <span>{t('pay.keepNo')}</span>
            </label>
            {keepError ? (
              <span id="keep-error" className={styles.error}>
                {keepError}
              </span>
            ) : null}
          </fieldset>
        </>
      ) : null}
    </fieldset>
  );
}
