// The signed PDF is made from the server's own copy of each form (server/src/files/signedFormTemplates.ts);
// the form screen shows the texts of signForms.json. They must say the same, word for word, in every language.
import { describe, expect, it } from 'vitest';
import heForms from '../../src/i18n/locales/he/signForms.json' with { type: 'json' };
import enForms from '../../src/i18n/locales/en/signForms.json' with { type: 'json' };
import frForms from '../../src/i18n/locales/fr/signForms.json' with { type: 'json' };
import ruForms from '../../src/i18n/locales/ru/signForms.json' with { type: 'json' };
import heDocs from '../../src/i18n/locales/he/documents.json' with { type: 'json' };
import enDocs from '../../src/i18n/locales/en/documents.json' with { type: 'json' };
import frDocs from '../../src/i18n/locales/fr/documents.json' with { type: 'json' };
import ruDocs from '../../src/i18n/locales/ru/documents.json' with { type: 'json' };
import { signatureForms } from '../../src/lib/forms/signatureForms.ts';
import { formLanguages, signedFormTemplates } from '../../server/src/files/signedFormTemplates.ts';

const screens = { he: [heForms, heDocs], en: [enForms, enDocs], fr: [frForms, frDocs], ru: [ruForms, ruDocs] } as const;

describe('the server’s form templates', () => {
  it.each(formLanguages)('%s: say what the form screen shows', (lang) => {
    const [forms, docs] = screens[lang];
    const template = signedFormTemplates[lang];
    expect(template.unit).toBe(forms.unit);
    expect(template.unitValue).toBe(docs.unit);
    expect(template.signerLine).toBe(forms.signerLine);
    expect(template.signedLine).toBe(forms.signedLine);
    expect(template.fields).toEqual(forms.fields);
    expect(template.forms).toEqual(forms.forms);
    expect(template.recordedByLine).toContain('{{name}}');
    for (const form of signatureForms) for (const field of form.fields) expect(template.fields[field], `${lang} ${field}`).toBeTruthy();
    expect(template.dir).toBe(lang === 'he' ? 'rtl' : 'ltr');
  });
});
