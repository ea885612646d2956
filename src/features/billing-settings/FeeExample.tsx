import { useTranslation } from 'react-i18next';
import type { CardKind } from '../../lib/clearingFee';
import { quoteCardPayment } from '../../lib/clearingFee';
import type { BuildingBillingSettings } from '../../lib/domain/billingSettingsRules';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';

/** The example payment staff see while editing: ₪100 of debts. */
export const exampleAgorot = 10_000;

const kinds: readonly CardKind[] = ['local', 'foreign', 'amex'];

/**
 * What a tenant would pay for ₪100 of debts with each kind of card under the settings as typed, quoted by
 * the same module the server charges with (src/lib/clearingFee.ts), at today's VAT rate.
 */
export function FeeExample({ settings, vatBasisPoints }: { settings: BuildingBillingSettings | null; vatBasisPoints: number }) {
  const { t } = useTranslation('billing');
  const f = useFormats();
  return (
    <section className={styles.card} aria-labelledby="fee-example-title" aria-live="polite">
      <h3 id="fee-example-title" className={styles.subheading}>
        {t('example.title', { amount: f.agorot(exampleAgorot) })}
      </h3>
      {settings === null ? (
        <p className={styles.muted}>{t('example.fixValues')}</p>
      ) : (
        <>
          <ul className={styles.list} aria-label={t('example.title', { amount: f.agorot(exampleAgorot) })}>
            {kinds.map((kind) => {
              const q = quoteCardPayment([exampleAgorot], kind, settings, vatBasisPoints);
              return (
                <li key={kind}>
                  {t('example.line', {
                    amount: f.agorot(exampleAgorot),
                    card: t(`example.cards.${kind}`),
                    total: f.agorot(q.total),
                    fee: f.agorot(q.feeNet),
                    vat: f.agorot(q.feeVat),
                  })}
                </li>
              );
            })}
          </ul>
          <p className={styles.muted}>{t('example.vatRate', { rate: vatBasisPoints / 100 })}</p>
          {settings.cardPayments ? null : <p className={styles.muted}>{t('example.cardsOff')}</p>}
        </>
      )}
    </section>
  );
}
