// The words of a receipt PDF in the four languages of the app (issue 14). The server draws the PDF, and
// the server may not import the client's i18n catalogue (docs/architecture.md), so the receipt's few
// labels live here; the type makes every language carry every label.
export const receiptLanguages = ['he', 'en', 'fr', 'ru'] as const;
export type ReceiptLanguage = (typeof receiptLanguages)[number];

export type ReceiptTexts = {
  title: string;
  /** Who issued it (issue 29): the management company by name, or the building's house committee. */
  issuer: string;
  committee: (address: string, city: string) => string;
  number: string;
  date: string;
  payer: string;
  apartment: (number: string, address: string, city: string) => string;
  apartmentLabel: string;
  method: string;
  card: (last4: string) => string;
  standingOrder: (last4: string) => string;
  lines: string;
  due: (date: string) => string;
  debtKinds: Record<string, string>;
  subtotal: string;
  fee: string;
  vat: (rate: string) => string;
  total: string;
  refunded: string;
  currency: string;
  /** An EV reading's charge: the month of the reading and its kWh. */
  evCharging: (month: string, kwh: string) => string;
  /** A refund's credit document (issue 29): its title, number, the receipt it credits, and where the money went. */
  creditTitle: string;
  creditNumber: string;
  creditFor: string;
  refundedTo: (last4: string) => string;
  creditAmount: string;
};

export const receiptTexts: Record<ReceiptLanguage, ReceiptTexts> = {
  he: {
    title: 'קבלה',
    issuer: 'הנפיק',
    committee: (a, c) => `ועד הבית ${a}, ${c}`,
    number: 'מספר קבלה',
    date: 'תאריך',
    payer: 'שולם על ידי',
    apartment: (n, a, c) => `דירה ${n}, ${a}, ${c}`,
    apartmentLabel: 'דירה',
    method: 'אמצעי תשלום',
    card: (l) => `כרטיס אשראי המסתיים ב-${l}`,
    standingOrder: (l) => `הוראת קבע, כרטיס המסתיים ב-${l}`,
    lines: 'פירוט התשלום',
    due: (d) => `לתשלום עד ${d}`,
    debtKinds: { pastCommittee: 'דמי ועד קודמים', currentCommittee: 'דמי ועד', futureCommittee: 'דמי ועד עתידיים', special: 'גבייה מיוחדת' },
    subtotal: 'סכום החובות',
    fee: 'עמלת סליקה',
    vat: (r) => `מע"מ על העמלה (${r}%)`,
    total: 'סה"כ שולם',
    refunded: 'זוכה',
    evCharging: (m, k) => `טעינת רכב חשמלי ${m} · ${k} קוט״ש`,
    currency: 'הסכומים בשקלים חדשים (₪)',
    creditTitle: 'מסמך זיכוי',
    creditNumber: 'מספר מסמך זיכוי',
    creditFor: 'זיכוי לקבלה',
    refundedTo: (l) => `הוחזר לכרטיס המסתיים ב-${l}`,
    creditAmount: 'סה"כ זוכה',
  },
  en: {
    title: 'Receipt',
    issuer: 'Issued by',
    committee: (a, c) => `House committee, ${a}, ${c}`,
    number: 'Receipt number',
    date: 'Date',
    payer: 'Paid by',
    apartment: (n, a, c) => `Apartment ${n}, ${a}, ${c}`,
    apartmentLabel: 'Apartment',
    method: 'Paid with',
    card: (l) => `Card ending ${l}`,
    standingOrder: (l) => `Standing order, card ending ${l}`,
    lines: 'What was paid',
    due: (d) => `due ${d}`,
    debtKinds: { pastCommittee: 'Past committee fee', currentCommittee: 'Committee fee', futureCommittee: 'Coming committee fee', special: 'Special charge' },
    subtotal: 'Debts',
    fee: 'Clearing fee',
    vat: (r) => `VAT on the fee (${r}%)`,
    total: 'Total paid',
    refunded: 'Refunded',
    evCharging: (m, k) => `EV charging ${m} · ${k} kWh`,
    currency: 'Amounts in new Israeli shekels (₪)',
    creditTitle: 'Credit document',
    creditNumber: 'Credit document number',
    creditFor: 'Credits receipt',
    refundedTo: (l) => `Refunded to card ending ${l}`,
    creditAmount: 'Total credited',
  },
  fr: {
    title: 'Reçu',
    issuer: 'Émis par',
    committee: (a, c) => `Conseil syndical, ${a}, ${c}`,
    number: 'Numéro de reçu',
    date: 'Date',
    payer: 'Payé par',
    apartment: (n, a, c) => `Appartement ${n}, ${a}, ${c}`,
    apartmentLabel: 'Appartement',
    method: 'Moyen de paiement',
    card: (l) => `Carte se terminant par ${l}`,
    standingOrder: (l) => `Ordre permanent, carte se terminant par ${l}`,
    lines: 'Détail du paiement',
    due: (d) => `échéance le ${d}`,
    debtKinds: {
      pastCommittee: 'Charges de copropriété passées',
      currentCommittee: 'Charges de copropriété',
      futureCommittee: 'Charges de copropriété à venir',
      special: 'Appel de fonds spécial',
    },
    subtotal: 'Dettes',
    fee: 'Frais de paiement par carte',
    vat: (r) => `TVA sur les frais (${r} %)`,
    total: 'Total payé',
    refunded: 'Remboursé',
    evCharging: (m, k) => `Recharge de véhicule électrique ${m} · ${k} kWh`,
    currency: 'Montants en nouveaux shekels (₪)',
    creditTitle: 'Avoir',
    creditNumber: 'Numéro d’avoir',
    creditFor: 'Avoir sur le reçu',
    refundedTo: (l) => `Remboursé sur la carte se terminant par ${l}`,
    creditAmount: 'Total remboursé',
  },
  ru: {
    title: 'Квитанция',
    issuer: 'Выдано',
    committee: (a, c) => `Домовой комитет, ${a}, ${c}`,
    number: 'Номер квитанции',
    date: 'Дата',
    payer: 'Плательщик',
    apartment: (n, a, c) => `Квартира ${n}, ${a}, ${c}`,
    apartmentLabel: 'Квартира',
    method: 'Способ оплаты',
    card: (l) => `Карта, оканчивающаяся на ${l}`,
    standingOrder: (l) => `Постоянное поручение, карта на ${l}`,
    lines: 'За что оплачено',
    due: (d) => `срок ${d}`,
    debtKinds: {
      pastCommittee: 'Прошлый взнос в домовой комитет',
      currentCommittee: 'Взнос в домовой комитет',
      futureCommittee: 'Будущий взнос в домовой комитет',
      special: 'Особый сбор',
    },
    subtotal: 'Долги',
    fee: 'Комиссия за оплату картой',
    vat: (r) => `НДС на комиссию (${r}%)`,
    total: 'Итого оплачено',
    refunded: 'Возвращено',
    evCharging: (m, k) => `Зарядка электромобиля ${m} · ${k} кВт·ч`,
    currency: 'Суммы в новых израильских шекелях (₪)',
    creditTitle: 'Документ о возврате',
    creditNumber: 'Номер документа о возврате',
    creditFor: 'К квитанции',
    refundedTo: (l) => `Возвращено на карту, оканчивающуюся на ${l}`,
    creditAmount: 'Итого возвращено',
  },
};

export function receiptLanguageOf(value: unknown): ReceiptLanguage {
  return typeof value === 'string' && (receiptLanguages as readonly string[]).includes(value) ? (value as ReceiptLanguage) : 'he';
}
