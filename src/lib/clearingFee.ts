// The clearing fee of a card payment (spec section 9): a fixed NIS amount plus a percent of the
// amount, VAT added on top or included; an extra fixed fee for a card issued abroad; Diners and
// American Express carry their own percent, plus VAT. Everything in agorot: the lines, the fee and its
// VAT always add up to the total the tenant confirms and the provider charges.
import { percentOfAgorot, sumAgorot } from './agorot.ts';
import { vatInGross, vatOnNet } from './vat.ts';

export type CardKind = 'local' | 'foreign' | 'diners' | 'amex';

/** A building's billing settings for card payments (amounts in agorot, percents in basis points). */
export type ClearingFeeSettings = {
  fixedAgorot: number;
  percentBasisPoints: number;
  /** 'added': VAT on top of the fee; 'included': the fee already includes VAT. */
  vat: 'added' | 'included';
  foreignCardFixedAgorot: number;
  /** Diners and American Express: this percent instead of the usual one, always plus VAT. */
  dinersAmexPercentBasisPoints: number;
};

export type PaymentQuote = {
  /** The debts paid, as given. */
  lines: readonly number[];
  subtotal: number;
  /** The fee before VAT. */
  feeNet: number;
  feeVat: number;
  /** subtotal + feeNet + feeVat. */
  total: number;
};

export function quoteCardPayment(lines: readonly number[], card: CardKind, settings: ClearingFeeSettings, vatBasisPoints: number): PaymentQuote {
  const subtotal = sumAgorot(lines);
  const premium = card === 'diners' || card === 'amex';
  const percent = premium ? settings.dinersAmexPercentBasisPoints : settings.percentBasisPoints;
  const fee = settings.fixedAgorot + percentOfAgorot(subtotal, percent) + (card === 'foreign' ? settings.foreignCardFixedAgorot : 0);
  const vatIncluded = settings.vat === 'included' && !premium;
  const feeVat = vatIncluded ? vatInGross(fee, vatBasisPoints) : vatOnNet(fee, vatBasisPoints);
  const feeNet = vatIncluded ? fee - feeVat : fee;
  return { lines, subtotal, feeNet, feeVat, total: subtotal + feeNet + feeVat };
}

/** American Express cannot carry a recurring charge (spec section 5: a standing order). */
export function acceptsRecurring(card: CardKind): boolean {
  return card !== 'amex';
}
