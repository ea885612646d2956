// Built-in phrase dictionary for translating service-call texts and the few words the server writes
// itself (a reminder's heading), in he / en / fr / ru. The English text is the key, as in the provider's
// translate table.
export type Phrase = { en: string; he: string; fr: string; ru: string };

export const phrases: readonly Phrase[] = [
  { en: 'Water leak in the stairwell', he: 'נזילת מים בחדר המדרגות', fr: "Fuite d'eau dans la cage d'escalier", ru: 'Протечка воды на лестничной клетке' },
  {
    en: 'The elevator is stuck between floors',
    he: 'המעלית תקועה בין הקומות',
    fr: "L'ascenseur est bloqué entre deux étages",
    ru: 'Лифт застрял между этажами',
  },
  { en: 'The lobby light is not working', he: 'התאורה בלובי לא עובדת', fr: "L'éclairage du hall ne fonctionne pas", ru: 'Не работает освещение в вестибюле' },
  { en: 'The intercom is not working', he: 'האינטרקום לא עובד', fr: "L'interphone ne fonctionne pas", ru: 'Домофон не работает' },
  { en: 'The parking gate does not open', he: 'שער החניה לא נפתח', fr: "Le portail du parking ne s'ouvre pas", ru: 'Ворота парковки не открываются' },
  { en: 'Clogged drain in the parking lot', he: 'ניקוז סתום בחניון', fr: 'Évacuation bouchée dans le parking', ru: 'Засор водостока на парковке' },
  { en: 'The entrance door does not close', he: 'דלת הכניסה לא נסגרת', fr: "La porte d'entrée ne se ferme pas", ru: 'Входная дверь не закрывается' },
  { en: 'The garden needs watering', he: 'הגינה צריכה השקיה', fr: 'Le jardin doit être arrosé', ru: 'Сад нужно полить' },
  { en: 'The stairwell needs cleaning', he: 'חדר המדרגות זקוק לניקיון', fr: "La cage d'escalier doit être nettoyée", ru: 'Лестничную клетку нужно убрать' },
  { en: 'The fire extinguisher has expired', he: 'תוקף מטף הכיבוי פג', fr: "L'extincteur est périmé", ru: 'Истёк срок годности огнетушителя' },
  { en: 'Noise from the water pump at night', he: 'רעש ממשאבת המים בלילה', fr: 'Bruit de la pompe à eau la nuit', ru: 'Шум водяного насоса ночью' },
  { en: 'Moisture on the ceiling of the apartment', he: 'רטיבות בתקרת הדירה', fr: "Humidité au plafond de l'appartement", ru: 'Сырость на потолке квартиры' },
  {
    en: 'The roof needs waterproofing before winter',
    he: 'הגג צריך איטום לפני החורף',
    fr: "Le toit doit être étanchéifié avant l'hiver",
    ru: 'Крышу нужно загерметизировать до зимы',
  },
  {
    en: 'Electrical fault in the shared meter room',
    he: 'תקלת חשמל בחדר המונים המשותף',
    fr: 'Panne électrique dans le local des compteurs',
    ru: 'Неисправность электрики в общем щитовом помещении',
  },
  { en: 'Annual elevator inspection', he: 'בדיקה שנתית למעלית', fr: "Contrôle annuel de l'ascenseur", ru: 'Ежегодная проверка лифта' },
  { en: 'Replace bulbs in the parking lot', he: 'החלפת נורות בחניון', fr: 'Remplacer les ampoules du parking', ru: 'Заменить лампы на парковке' },
  { en: 'Bad smell from the garbage room', he: 'ריח רע מחדר האשפה', fr: 'Mauvaise odeur du local à poubelles', ru: 'Неприятный запах из мусорной комнаты' },
  {
    en: 'The mailbox lock is broken',
    he: 'המנעול של תיבת הדואר שבור',
    fr: 'La serrure de la boîte aux lettres est cassée',
    ru: 'Сломан замок почтового ящика',
  },
  { en: 'Urgent', he: 'דחוף', fr: 'Urgent', ru: 'Срочно' },
  { en: 'Please call before arriving', he: 'נא להתקשר לפני ההגעה', fr: "Merci d'appeler avant de venir", ru: 'Пожалуйста, позвоните перед приходом' },
  { en: 'The technician will arrive tomorrow', he: 'הטכנאי יגיע מחר', fr: 'Le technicien viendra demain', ru: 'Техник придёт завтра' },
  { en: 'The problem has been fixed', he: 'התקלה תוקנה', fr: 'Le problème a été réglé', ru: 'Неисправность устранена' },
  { en: 'Reminder', he: 'תזכורת', fr: 'Rappel', ru: 'Напоминание' },
];

export const languageCodes = { 1: 'he', 2: 'en', 3: 'fr', 4: 'ru' } as const;
export type LanguageId = keyof typeof languageCodes;
export type LanguageCode = (typeof languageCodes)[LanguageId];

export function languageIdOf(value: unknown): LanguageId | null {
  const s = String(value ?? '')
    .trim()
    .toLowerCase();
  const n = Number(s);
  if (n === 1 || n === 2 || n === 3 || n === 4) return n;
  const found = (Object.entries(languageCodes) as [string, LanguageCode][]).find(([, code]) => code === s);
  return found ? (Number(found[0]) as LanguageId) : null;
}
