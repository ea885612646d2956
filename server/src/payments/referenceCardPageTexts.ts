// The reference provider's card-entry page in the reader's language (he, en, fr, ru; Hebrew when the
// app asked for another). The page is the provider's, not the app's: its words live here, with it.
export const PAGE_LANGS = ['he', 'en', 'fr', 'ru'] as const;
export type PageLang = (typeof PAGE_LANGS)[number];

export const pageLangOf = (lang: string): PageLang => PAGE_LANGS.find((l) => l === lang) ?? 'he';

export type PageTexts = {
  title: string;
  intro: string;
  number: string;
  expiry: string;
  expiryHint: string;
  cvv: string;
  submit: string;
  invalidNumber: string;
  invalidExpiry: string;
  invalidCvv: string;
  challengeTitle: string;
  challengeIntro: string;
  challengeCode: string;
  challengeHint: string;
  challengeConfirm: string;
  challengeCancel: string;
  accepted: string;
  authenticationFailed: string;
  expired: string;
};

export const pageTexts: Record<PageLang, PageTexts> = {
  he: {
    title: 'פרטי כרטיס אשראי',
    intro: 'הפרטים נשלחים ישירות לחברת הסליקה ואינם עוברים בשרתי האפליקציה.',
    number: 'מספר כרטיס',
    expiry: 'תוקף',
    expiryHint: 'חודש/שנה, למשל 12/30',
    cvv: 'קוד אבטחה (CVV)',
    submit: 'אישור הכרטיס',
    invalidNumber: 'מספר הכרטיס אינו תקין',
    invalidExpiry: 'תוקף הכרטיס אינו תקין או שפג',
    invalidCvv: 'קוד האבטחה אינו תקין',
    challengeTitle: 'אימות מול הבנק (3-D Secure)',
    challengeIntro: 'הבנק המנפיק מבקש לאמת שהכרטיס שלך. הזן את הקוד שנשלח לטלפון שלך.',
    challengeCode: 'קוד אימות',
    challengeHint: 'בסביבת הבדיקה הקוד הוא 123456',
    challengeConfirm: 'אימות',
    challengeCancel: 'ביטול',
    accepted: 'הכרטיס אושר: {last4}',
    authenticationFailed: 'האימות מול הבנק נכשל. הכרטיס לא נשמר.',
    expired: 'הדף אינו בתוקף עוד. יש לפתוח אותו מחדש.',
  },
  en: {
    title: 'Card details',
    intro: 'These details go straight to the clearing company and never pass through the app’s servers.',
    number: 'Card number',
    expiry: 'Expiry',
    expiryHint: 'Month/year, e.g. 12/30',
    cvv: 'Security code (CVV)',
    submit: 'Confirm card',
    invalidNumber: 'The card number is not valid',
    invalidExpiry: 'The expiry is not valid or has passed',
    invalidCvv: 'The security code is not valid',
    challengeTitle: 'Bank verification (3-D Secure)',
    challengeIntro: 'Your card’s bank asks to verify it is yours. Enter the code sent to your phone.',
    challengeCode: 'Verification code',
    challengeHint: 'In the test environment the code is 123456',
    challengeConfirm: 'Verify',
    challengeCancel: 'Cancel',
    accepted: 'Card accepted: {last4}',
    authenticationFailed: 'The bank did not verify the card. It was not saved.',
    expired: 'This page has expired. Open it again.',
  },
  fr: {
    title: 'Coordonnées de la carte',
    intro: 'Ces données vont directement à la société de compensation et ne passent jamais par les serveurs de l’application.',
    number: 'Numéro de carte',
    expiry: 'Date d’expiration',
    expiryHint: 'Mois/année, p. ex. 12/30',
    cvv: 'Code de sécurité (CVV)',
    submit: 'Valider la carte',
    invalidNumber: 'Le numéro de carte n’est pas valide',
    invalidExpiry: 'La date d’expiration n’est pas valide ou est passée',
    invalidCvv: 'Le code de sécurité n’est pas valide',
    challengeTitle: 'Vérification par la banque (3-D Secure)',
    challengeIntro: 'La banque de votre carte demande de vérifier qu’elle est à vous. Saisissez le code envoyé sur votre téléphone.',
    challengeCode: 'Code de vérification',
    challengeHint: 'En environnement de test, le code est 123456',
    challengeConfirm: 'Vérifier',
    challengeCancel: 'Annuler',
    accepted: 'Carte acceptée : {last4}',
    authenticationFailed: 'La banque n’a pas vérifié la carte. Elle n’a pas été enregistrée.',
    expired: 'Cette page a expiré. Ouvrez-la à nouveau.',
  },
  ru: {
    title: 'Данные карты',
    intro: 'Эти данные передаются напрямую клиринговой компании и никогда не проходят через серверы приложения.',
    number: 'Номер карты',
    expiry: 'Срок действия',
    expiryHint: 'Месяц/год, например 12/30',
    cvv: 'Код безопасности (CVV)',
    submit: 'Подтвердить карту',
    invalidNumber: 'Неверный номер карты',
    invalidExpiry: 'Срок действия неверен или истёк',
    invalidCvv: 'Неверный код безопасности',
    challengeTitle: 'Проверка банком (3-D Secure)',
    challengeIntro: 'Банк, выпустивший карту, просит подтвердить, что она ваша. Введите код, отправленный на ваш телефон.',
    challengeCode: 'Код подтверждения',
    challengeHint: 'В тестовой среде код — 123456',
    challengeConfirm: 'Подтвердить',
    challengeCancel: 'Отмена',
    accepted: 'Карта принята: {last4}',
    authenticationFailed: 'Банк не подтвердил карту. Она не сохранена.',
    expired: 'Срок действия страницы истёк. Откройте её снова.',
  },
};
