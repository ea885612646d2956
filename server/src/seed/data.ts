// Demo content: Hebrew names and Israeli addresses.
export const firstNames = [
  'אבי',
  'יוסי',
  'משה',
  'דוד',
  'רונית',
  'מיכל',
  'שירה',
  'נועה',
  'איתי',
  'עומר',
  'יעל',
  'תמר',
  'אורי',
  'גלית',
  'אלון',
  'רחל',
  'שרה',
  'חיים',
  'אסתר',
  'יונתן',
  'הדס',
  'עדי',
  'ליאור',
  'נתן',
  'רותי',
  'זיוה',
  'בני',
  'אליהו',
  'סיגל',
  'ענבל',
];
export const lastNames = [
  'כהן',
  'לוי',
  'מזרחי',
  'פרץ',
  'ביטון',
  'דהן',
  'אברהם',
  'פרידמן',
  'אזולאי',
  'מלכה',
  'כץ',
  'שפירא',
  'גולן',
  'אוחיון',
  'חדד',
  'גבאי',
  'בן דוד',
  'רוזנברג',
  'שלום',
  'יוסף',
  'עמר',
  'נחום',
  'ברק',
  'סויסה',
  'קליין',
];

export type BuildingSeed = {
  id: number;
  number: number;
  name: string;
  address: string;
  city: string;
  apartments: number;
  pricePerKwh: number | null;
  buttonColor: string;
  propertyType: string;
  managementType: string;
};

/** The demo management company's customised site (README: start-up links). */
export const demoCompanySite = 'https://www.binyan-demo.co.il/tenants';

export const demoBuildings: BuildingSeed[] = [
  {
    id: 101,
    number: 1,
    name: 'בית הרצל',
    address: 'הרצל 12',
    city: 'תל אביב-יפו',
    apartments: 12,
    pricePerKwh: 0.62,
    buttonColor: '#1d4ed8',
    propertyType: 'מגורים',
    managementType: 'ניהול מלא',
  },
  {
    id: 102,
    number: 2,
    name: 'מגדלי רוטשילד',
    address: 'שדרות רוטשילד 45',
    city: 'תל אביב-יפו',
    apartments: 16,
    pricePerKwh: 0.58,
    buttonColor: '#047857',
    propertyType: 'מגורים',
    managementType: 'ניהול מלא',
  },
  {
    id: 103,
    number: 3,
    name: 'בית יפו',
    address: 'רחוב יפו 120',
    city: 'ירושלים',
    apartments: 14,
    pricePerKwh: null,
    buttonColor: '#b45309',
    propertyType: 'מעורב',
    managementType: 'אחזקה בלבד',
  },
  {
    id: 104,
    number: 4,
    name: 'בית הנשיא',
    address: 'רחוב הנשיא 8',
    city: 'חיפה',
    apartments: 10,
    pricePerKwh: 0.6,
    buttonColor: '#7c3aed',
    propertyType: 'מגורים',
    managementType: 'ניהול מלא',
  },
  {
    id: 105,
    number: 5,
    name: 'בית ויצמן',
    address: 'רחוב ויצמן 33',
    city: 'כפר סבא',
    apartments: 14,
    pricePerKwh: 0.64,
    buttonColor: '#be123c',
    propertyType: 'מגורים',
    managementType: 'ועד בית',
  },
  {
    id: 106,
    number: 6,
    name: 'בית בן גוריון',
    address: 'שדרות בן גוריון 5',
    city: 'רמת גן',
    apartments: 14,
    pricePerKwh: 0.6,
    buttonColor: '#0e7490',
    propertyType: 'מגורים',
    managementType: 'ניהול מלא',
  },
];

export const otherCompanyBuilding: BuildingSeed = {
  id: 201,
  number: 1,
  name: 'בית העצמאות',
  address: 'רחוב העצמאות 7',
  city: 'באר שבע',
  apartments: 8,
  pricePerKwh: 0.6,
  buttonColor: '#334155',
  propertyType: 'מגורים',
  managementType: 'ניהול מלא',
};

export const facilityKinds = [
  { name: 'מעלית', kind: 'elevator', location: 'לובי', tests: ['בדיקה תקופתית של בודק מוסמך', 'בדיקת בלמים וכבלים'] },
  { name: 'משאבת מים', kind: 'pump', location: 'מרתף', tests: ['בדיקת לחץ ומשאבת גיבוי'] },
  { name: 'לוח חשמל ראשי', kind: 'electricity', location: 'חדר מונים', tests: ['בדיקת חשמלאי מוסמך'] },
  { name: 'מערכת כיבוי אש', kind: 'fireSafety', location: 'חדר מדרגות', tests: ['בדיקת מטפים וגלגלונים', 'בדיקת גלאי עשן'] },
  { name: 'שער חניה', kind: 'gate', location: 'חניון', tests: ['שימון ובדיקת מנוע השער'] },
] as const;

export const carriers = ['דואר ישראל', 'UPS', 'DHL', 'שליחויות עד הבית'] as const;

export const updateTexts = ['הטכנאי יגיע מחר', 'נא להתקשר לפני ההגעה', 'התקלה תוקנה', 'הוזמן חלק חילוף, ממתינים לאספקה', 'בוצעה בדיקה ראשונית במקום'];

/** UI phrases loaded by the client (GET /api/binyan/translations). */
export const translationRows: { key: string; he: string; fr: string; ru: string }[] = [
  { key: 'Service calls', he: 'קריאות שירות', fr: 'Appels de service', ru: 'Заявки' },
  { key: 'Buildings', he: 'בניינים', fr: 'Immeubles', ru: 'Здания' },
  { key: 'Daily plan', he: 'תוכנית יומית', fr: 'Plan du jour', ru: 'План на день' },
  { key: 'Keys', he: 'מפתחות', fr: 'Clés', ru: 'Ключи' },
  { key: 'Mail items', he: 'דברי דואר', fr: 'Courrier', ru: 'Почта' },
  { key: 'Broken window', he: 'חלון שבור', fr: 'Fenêtre cassée', ru: 'Разбито окно' },
  { key: 'Graffiti on the building wall', he: 'גרפיטי על קיר הבניין', fr: "Graffiti sur le mur de l'immeuble", ru: 'Граффити на стене здания' },
];
