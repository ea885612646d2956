// The server's own template of each signature form (issue 27): the signed PDF is made from these words,
// the values the signer filled in and the signature, never from text a device sends. The server may not
// import the client's i18n catalogue (docs/architecture.md), so the words live here in the four languages;
// tests/unit/signedFormTemplates.test.ts keeps them the same as the form screen's (signForms.json).
import type { SignatureForm, SignatureFormId } from '../../../src/lib/forms/signatureForms.ts';

export const formLanguages = ['he', 'en', 'fr', 'ru'] as const;
export type FormLanguage = (typeof formLanguages)[number];

type FieldName = SignatureForm['fields'][number];

/** `{{name}}` placeholders as in the client's catalogue. */
export type FormTemplateTexts = {
  dir: 'rtl' | 'ltr';
  /** The label of the apartment field, and its value (`{{number}}`). */
  unit: string;
  unitValue: string;
  /** `{{name}}`: the signer as named. */
  signerLine: string;
  /** `{{at}}`: the server's time of signing, dd/mm/yyyy HH:MM in Israel. */
  signedLine: string;
  /** `{{name}}`: the staff user who filed a form signed by someone else. */
  recordedByLine: string;
  fields: Record<FieldName, string>;
  forms: Record<SignatureFormId, { title: string; text: string }>;
};

export const signedFormTemplates: Record<FormLanguage, FormTemplateTexts> = {
  he: {
    dir: 'rtl',
    unit: 'דירה',
    unitValue: 'דירה {{number}}',
    signerLine: 'נחתם על ידי: {{name}}',
    signedLine: 'נחתם בתאריך: {{at}}',
    recordedByLine: 'נרשם על ידי {{name}} בשם החותם/ת',
    fields: {
      keyDescription: 'אילו מפתחות',
      keyCount: 'מספר מפתחות',
      works: 'תיאור העבודות',
      worksFrom: 'תחילת העבודות (dd/mm/yyyy)',
      worksTo: 'סיום העבודות (dd/mm/yyyy)',
      contractor: 'קבלן וטלפון',
      carNumber: 'מספר רכב',
    },
    forms: {
      keyReceipt: {
        title: 'קבלת מפתחות',
        text: 'אני מאשר/ת שקיבלתי את המפתחות המפורטים להלן ואחזיר אותם לחברת הניהול לפי דרישה. אם מפתח יאבד אודיע על כך מיד.',
      },
      renovationNotice: {
        title: 'הודעה על עבודות שיפוץ',
        text: 'אני מודיע/ה לחברת הניהול על עבודות שיפוץ בדירתי. עבודות רועשות רק בימי חול בשעות 08:00–14:00 ו-16:00–19:00; השטחים המשותפים יוגנו וינוקו מדי יום.',
      },
      parkingRules: {
        title: 'נוהל חניה',
        text: 'קראתי את נוהל החניה של הבניין: אחנה רק בחניה שהוקצתה לדירתי, אשמור על נתיב הנסיעה פנוי ולא אאחסן חפצים בחניון.',
      },
    },
  },
  en: {
    dir: 'ltr',
    unit: 'Apartment',
    unitValue: 'Apartment {{number}}',
    signerLine: 'Signed by: {{name}}',
    signedLine: 'Signed on: {{at}}',
    recordedByLine: 'Filed by {{name}} on the signer’s behalf',
    fields: {
      keyDescription: 'Which keys',
      keyCount: 'Number of keys',
      works: 'Description of the works',
      worksFrom: 'Works start (dd/mm/yyyy)',
      worksTo: 'Works end (dd/mm/yyyy)',
      contractor: 'Contractor and phone',
      carNumber: 'Car number',
    },
    forms: {
      keyReceipt: {
        title: 'Receipt of keys',
        text: 'I confirm that I received the keys listed below and will return them to the management company when asked. If a key is lost I will report it at once.',
      },
      renovationNotice: {
        title: 'Notice of renovation works',
        text: 'I notify the management company of renovation works in my apartment. Noisy works only on weekdays 08:00–14:00 and 16:00–19:00; the common areas are protected and cleaned every day.',
      },
      parkingRules: {
        title: 'Parking rules',
        text: "I have read the building's parking rules: I park only in the space allocated to my apartment, keep the driveway clear and do not store items in the parking area.",
      },
    },
  },
  fr: {
    dir: 'ltr',
    unit: 'Appartement',
    unitValue: 'Appartement {{number}}',
    signerLine: 'Signé par : {{name}}',
    signedLine: 'Signé le : {{at}}',
    recordedByLine: 'Enregistré par {{name}} au nom du signataire',
    fields: {
      keyDescription: 'Quelles clés',
      keyCount: 'Nombre de clés',
      works: 'Description des travaux',
      worksFrom: 'Début des travaux (jj/mm/aaaa)',
      worksTo: 'Fin des travaux (jj/mm/aaaa)',
      contractor: 'Entrepreneur et téléphone',
      carNumber: 'Numéro de véhicule',
    },
    forms: {
      keyReceipt: {
        title: 'Remise de clés',
        text: "Je confirme avoir reçu les clés ci-dessous et les rendre à la société de gestion sur demande. En cas de perte d'une clé, je le signalerai immédiatement.",
      },
      renovationNotice: {
        title: 'Avis de travaux de rénovation',
        text: "J'informe la société de gestion de travaux de rénovation dans mon appartement. Travaux bruyants uniquement en semaine de 08:00 à 14:00 et de 16:00 à 19:00 ; les parties communes sont protégées et nettoyées chaque jour.",
      },
      parkingRules: {
        title: 'Règlement du parking',
        text: "J'ai lu le règlement du parking de l'immeuble : je me gare uniquement sur la place attribuée à mon appartement, je laisse la voie de circulation libre et je n'entrepose rien dans le parking.",
      },
    },
  },
  ru: {
    dir: 'ltr',
    unit: 'Квартира',
    unitValue: 'Квартира {{number}}',
    signerLine: 'Подписал(а): {{name}}',
    signedLine: 'Дата подписи: {{at}}',
    recordedByLine: 'Оформлено пользователем {{name}} от имени подписавшего',
    fields: {
      keyDescription: 'Какие ключи',
      keyCount: 'Количество ключей',
      works: 'Описание работ',
      worksFrom: 'Начало работ (дд/мм/гггг)',
      worksTo: 'Окончание работ (дд/мм/гггг)',
      contractor: 'Подрядчик и телефон',
      carNumber: 'Номер автомобиля',
    },
    forms: {
      keyReceipt: {
        title: 'Получение ключей',
        text: 'Подтверждаю, что получил(а) перечисленные ниже ключи и верну их управляющей компании по требованию. О потере ключа сообщу немедленно.',
      },
      renovationNotice: {
        title: 'Уведомление о ремонте',
        text: 'Уведомляю управляющую компанию о ремонтных работах в моей квартире. Шумные работы только в будни 08:00–14:00 и 16:00–19:00; общие помещения защищаются и убираются ежедневно.',
      },
      parkingRules: {
        title: 'Правила парковки',
        text: 'Я ознакомился(ась) с правилами парковки дома: паркуюсь только на месте своей квартиры, не загораживаю проезд и не храню вещи на парковке.',
      },
    },
  },
};

export function formLanguageOf(value: unknown): FormLanguage | undefined {
  return formLanguages.find((l) => l === value);
}

/** The language of users.languageId (1 he, 2 en, 3 fr, 4 ru); Hebrew for anything else. */
export function formLanguageOfId(languageId: number): FormLanguage {
  return formLanguages[languageId - 1] ?? 'he';
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/{{(\w+)}}/g, (whole, name: string) => values[name] ?? whole);
}
