// The words of an apartment's yearly statement PDF in the four languages of the app (issue 29 item 7).
// Like the receipt's (payments/receiptTexts.ts), they live on the server, which may not import the
// client's i18n catalogue; the type makes every language carry every label.
import type { LedgerTextKey, LedgerTextParams } from '../../../src/lib/domain/ledgerText.ts';
import type { StatementKind } from '../../../src/lib/domain/statements.ts';
import type { ReceiptLanguage } from '../payments/receiptTexts.ts';

export type StatementTexts = {
  title: (year: number) => string;
  apartment: (number: string, address: string, city: string) => string;
  madeOn: (date: string) => string;
  opening: string;
  closing: string;
  charged: string;
  paid: string;
  refunded: string;
  bounced: string;
  credited: string;
  columns: { date: string; description: string; amount: string; balance: string };
  kinds: Record<StatementKind, string>;
  debtKinds: Record<string, string>;
  nothing: string;
  owes: string;
  inCredit: string;
  currency: string;
  page: (n: number, of: number) => string;
  /** Rows the system posted, by their key (src/lib/domain/ledgerText.ts). */
  text: Record<LedgerTextKey, (p: LedgerTextParams) => string>;
};

export const statementTexts: Record<ReceiptLanguage, StatementTexts> = {
  he: {
    title: (y) => `דוח שנתי ${y}`,
    apartment: (n, a, c) => `דירה ${n}, ${a}, ${c}`,
    madeOn: (d) => `הופק ב-${d}`,
    opening: 'יתרה לתחילת השנה',
    closing: 'יתרה לסוף השנה',
    charged: 'סה"כ חיובים',
    paid: 'סה"כ תשלומים',
    refunded: 'סה"כ החזרים',
    bounced: 'סה"כ צ\'קים שחזרו',
    credited: 'סה"כ זיכויים',
    columns: { date: 'תאריך', description: 'פירוט', amount: 'סכום', balance: 'יתרה' },
    kinds: { charge: 'חיוב', payment: 'תשלום', refund: 'החזר', bounce: "צ'ק שחזר", credit: 'זיכוי' },
    debtKinds: { pastCommittee: 'דמי ועד', currentCommittee: 'דמי ועד', futureCommittee: 'דמי ועד', special: 'גבייה מיוחדת' },
    nothing: 'אין תנועות בשנה זו',
    owes: 'יתרה לתשלום',
    inCredit: 'יתרת זכות',
    currency: 'הסכומים בשקלים חדשים (₪). יתרה חיובית: לתשלום; שלילית: זכות לטובת הדירה.',
    page: (n, of) => `עמוד ${n} מתוך ${of}`,
    text: {
      cardPayment: (p) => `תשלום בכרטיס אשראי המסתיים ב-${p.last4 ?? ''}`,
      standingOrderRun: (p) => `חיוב הוראת קבע מתאריך ${p.period ?? ''}`,
      checkGroup: (p) => (p.batch ? `צ'קים, אצווה ${p.batch}` : "צ'קים"),
      refund: (p) => (p.receipt ? `זיכוי קבלה ${p.receipt} לכרטיס המסתיים ב-${p.last4 ?? ''}` : `זיכוי לכרטיס המסתיים ב-${p.last4 ?? ''}`),
      evCharging: (p) => `טעינת רכב חשמלי ${p.month ?? ''} · ${p.kwh ?? ''} קוט״ש`,
      committeeFee: (p) => `דמי ועד בית ${p.period ?? ''}`,
      checkBounce: (p) => `צ'ק שחזר ${p.number ?? ''}`,
      checkBounceFee: (p) => `עמלת צ'ק שחזר ${p.number ?? ''}`,
    },
  },
  en: {
    title: (y) => `Yearly statement ${y}`,
    apartment: (n, a, c) => `Apartment ${n}, ${a}, ${c}`,
    madeOn: (d) => `Made on ${d}`,
    opening: 'Balance at the start of the year',
    closing: 'Balance at the end of the year',
    charged: 'Total charged',
    paid: 'Total paid',
    refunded: 'Total refunded',
    bounced: 'Total of bounced checks',
    credited: 'Total credited',
    columns: { date: 'Date', description: 'Description', amount: 'Amount', balance: 'Balance' },
    kinds: { charge: 'Charge', payment: 'Payment', refund: 'Refund', bounce: 'Bounced check', credit: 'Credit' },
    debtKinds: { pastCommittee: 'Committee fee', currentCommittee: 'Committee fee', futureCommittee: 'Committee fee', special: 'Special charge' },
    nothing: 'No movements this year',
    owes: 'Balance due',
    inCredit: 'Balance in credit',
    currency: 'Amounts in new shekels (₪). A positive balance is due; a negative one is a credit to the apartment.',
    page: (n, of) => `Page ${n} of ${of}`,
    text: {
      cardPayment: (p) => `Card payment, card ending ${p.last4 ?? ''}`,
      standingOrderRun: (p) => `Standing order charge of ${p.period ?? ''}`,
      checkGroup: (p) => (p.batch ? `Checks, batch ${p.batch}` : 'Checks'),
      refund: (p) => (p.receipt ? `Refund of receipt ${p.receipt} to the card ending ${p.last4 ?? ''}` : `Refund to the card ending ${p.last4 ?? ''}`),
      evCharging: (p) => `EV charging ${p.month ?? ''} · ${p.kwh ?? ''} kWh`,
      committeeFee: (p) => `Committee fee ${p.period ?? ''}`,
      checkBounce: (p) => `Bounced check ${p.number ?? ''}`,
      checkBounceFee: (p) => `Bounced check fee ${p.number ?? ''}`,
    },
  },
  fr: {
    title: (y) => `Relevé annuel ${y}`,
    apartment: (n, a, c) => `Appartement ${n}, ${a}, ${c}`,
    madeOn: (d) => `Établi le ${d}`,
    opening: "Solde au début de l'année",
    closing: "Solde à la fin de l'année",
    charged: 'Total des charges',
    paid: 'Total des paiements',
    refunded: 'Total des remboursements',
    bounced: 'Total des chèques impayés',
    credited: 'Total des avoirs',
    columns: { date: 'Date', description: 'Libellé', amount: 'Montant', balance: 'Solde' },
    kinds: { charge: 'Charge', payment: 'Paiement', refund: 'Remboursement', bounce: 'Chèque impayé', credit: 'Avoir' },
    debtKinds: {
      pastCommittee: 'Charges de copropriété',
      currentCommittee: 'Charges de copropriété',
      futureCommittee: 'Charges de copropriété',
      special: 'Appel de fonds exceptionnel',
    },
    nothing: 'Aucun mouvement cette année',
    owes: 'Solde à payer',
    inCredit: 'Solde créditeur',
    currency: "Montants en nouveaux shekels (₪). Un solde positif est à payer ; un solde négatif est un crédit en faveur de l'appartement.",
    page: (n, of) => `Page ${n} sur ${of}`,
    text: {
      cardPayment: (p) => `Paiement par carte se terminant par ${p.last4 ?? ''}`,
      standingOrderRun: (p) => `Prélèvement de l'ordre permanent du ${p.period ?? ''}`,
      checkGroup: (p) => (p.batch ? `Chèques, lot ${p.batch}` : 'Chèques'),
      refund: (p) =>
        p.receipt
          ? `Remboursement du reçu ${p.receipt} sur la carte se terminant par ${p.last4 ?? ''}`
          : `Remboursement sur la carte se terminant par ${p.last4 ?? ''}`,
      evCharging: (p) => `Recharge de véhicule électrique ${p.month ?? ''} · ${p.kwh ?? ''} kWh`,
      committeeFee: (p) => `Charges de copropriété ${p.period ?? ''}`,
      checkBounce: (p) => `Chèque impayé ${p.number ?? ''}`,
      checkBounceFee: (p) => `Frais de chèque impayé ${p.number ?? ''}`,
    },
  },
  ru: {
    title: (y) => `Годовая выписка ${y}`,
    apartment: (n, a, c) => `Квартира ${n}, ${a}, ${c}`,
    madeOn: (d) => `Составлено ${d}`,
    opening: 'Остаток на начало года',
    closing: 'Остаток на конец года',
    charged: 'Всего начислено',
    paid: 'Всего оплачено',
    refunded: 'Всего возвращено',
    bounced: 'Всего по возвращённым чекам',
    credited: 'Всего зачтено',
    columns: { date: 'Дата', description: 'Описание', amount: 'Сумма', balance: 'Остаток' },
    kinds: { charge: 'Начисление', payment: 'Оплата', refund: 'Возврат', bounce: 'Возвращённый чек', credit: 'Зачёт' },
    debtKinds: {
      pastCommittee: 'Взнос в домовой комитет',
      currentCommittee: 'Взнос в домовой комитет',
      futureCommittee: 'Взнос в домовой комитет',
      special: 'Специальный сбор',
    },
    nothing: 'В этом году движений нет',
    owes: 'К оплате',
    inCredit: 'Переплата',
    currency: 'Суммы в новых шекелях (₪). Положительный остаток — к оплате, отрицательный — переплата в пользу квартиры.',
    page: (n, of) => `Страница ${n} из ${of}`,
    text: {
      cardPayment: (p) => `Оплата картой, оканчивающейся на ${p.last4 ?? ''}`,
      standingOrderRun: (p) => `Списание по постоянному поручению от ${p.period ?? ''}`,
      checkGroup: (p) => (p.batch ? `Чеки, пакет ${p.batch}` : 'Чеки'),
      refund: (p) =>
        p.receipt ? `Возврат по квитанции ${p.receipt} на карту, оканчивающуюся на ${p.last4 ?? ''}` : `Возврат на карту, оканчивающуюся на ${p.last4 ?? ''}`,
      evCharging: (p) => `Зарядка электромобиля ${p.month ?? ''} · ${p.kwh ?? ''} кВт·ч`,
      committeeFee: (p) => `Взнос в домовой комитет ${p.period ?? ''}`,
      checkBounce: (p) => `Возвращённый чек ${p.number ?? ''}`,
      checkBounceFee: (p) => `Комиссия за возвращённый чек ${p.number ?? ''}`,
    },
  },
};
