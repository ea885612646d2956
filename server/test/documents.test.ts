// Documents of a unit or a building: upload limits and types, who sees which document, the file, the
// bylaws' current version, and sending a document by e-mail exactly once.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentLimits } from '../../src/lib/uploadLimits.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { call, expectRefused, loginAs, newId, params, startTestServer } from './harness.ts';
import { testJpeg } from './images.ts';
import { pdfFontNames, pdfLines, drawn } from './pdfContent.ts';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import { startSmtpSink } from './smtpSink.ts';
import type { SmtpSink } from './smtpSink.ts';

type Doc = { id: string; kind: string; title: string; apartmentId: string | null; isPublic: boolean; isCurrent: boolean; mimeType: string; fileId: string };
type Reply = { record?: Doc; records?: Doc[]; error?: { code: string; messageKey: string; field?: string; params?: Record<string, unknown> } };

let server: TestServer;
let smtp: SmtpSink;
const tokens = new Map<string, string>();
let moshesUnit = '';
let otherUnit = '';

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

const as = (user: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<Reply>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) });

async function upload(user: string, fields: Partial<{ title: string; kind: string; apartmentId: string | null; isPublic: boolean; mimeType: string; buildingId: number }>, bytes: Buffer) {
  return as(user, 'POST', '/documents', { id: newId(), buildingId: 101, kind: 'protocol', title: 'Protocol', isPublic: false, mimeType: 'application/pdf', fileName: 'protocol.pdf', ...fields, base64: bytes.toString('base64') });
}

const titles = async (user: string) => ((await as(user, 'GET', '/buildings/101/documents')).body.records ?? []).map((d) => d.title);

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ mailProvider: smtpMailProvider(smtp.url, 'Binyan <no-reply@binyan.test>') });
  for (const name of ['miri', 'moshe', 'tali', 'avi', 'rina', 'shimon', 'eli']) tokens.set(name, (await loginAs(server, name)).token);
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens.get(name) ?? '');
  // moshe is the building's first owner contact (server/src/seed/seed.ts); his unit is that contact's.
  const contacts = (await as('miri', 'GET', '/buildings/101/contacts')).body.records as unknown as { id: string; role: string; apartmentId: string | null }[];
  const owners = contacts.filter((c) => c.role === 'owner' && c.apartmentId).sort((a, b) => (a.id < b.id ? -1 : 1));
  moshesUnit = owners[0]?.apartmentId ?? '';
  otherUnit = owners.find((c) => c.apartmentId !== moshesUnit)?.apartmentId ?? '';
  expect(moshesUnit).not.toBe('');
  expect(otherUnit).not.toBe('');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('uploading a document', () => {
  it('takes a PDF from staff and lists it with its kind and title', async () => {
    const created = await upload('miri', { title: 'פרוטוקול אסיפה 11/2026' }, await pdf('Protocol of the general meeting'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.record).toMatchObject({ kind: 'protocol', title: 'פרוטוקול אסיפה 11/2026', mimeType: 'application/pdf' });
    expect(await titles('miri')).toContain('פרוטוקול אסיפה 11/2026');
  });

  it('re-encodes an image and refuses what is neither a PDF nor an image, or only pretends to be a PDF', async () => {
    const image = await upload('miri', { title: 'Insurance policy scan', kind: 'insurance', mimeType: 'image/png' }, await testJpeg(701));
    expect(image.status).toBe(201);
    expect(image.body.record?.mimeType).toBe('image/jpeg');
    expectRefused(await upload('miri', { title: 'Notes', mimeType: 'text/plain' }, Buffer.from('plain text')), 'onlyPdfOrImageAllowed', { field: 'file' });
    expectRefused(await upload('miri', { title: 'Fake' }, Buffer.from('%PDF-1.7 not really a pdf')), 'onlyPdfOrImageAllowed', { field: 'file' });
    expectRefused(await upload('miri', { title: 'x' }, await pdf('short title')), 'nameTooShort', { field: 'title' });
  });

  it('refuses a file over the size limit, naming the limit', async () => {
    const big = Buffer.concat([await pdf('big'), Buffer.alloc(documentLimits.maxDocumentBytes)]);
    const refused = await upload('miri', { title: 'Too big' }, big);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatchObject({ messageKey: 'errors:fileTooLarge', params: { size: '10 MB' } });
  });

  it('refuses uploads from a tenant and from a worker', async () => {
    for (const user of ['moshe', 'avi']) expect((await upload(user, { title: 'Mine' }, await pdf(user))).status, user).toBe(403);
  });
});

describe('who sees which document', () => {
  let unitDoc: Doc;
  let otherUnitDoc: Doc;

  beforeAll(async () => {
    await upload('miri', { title: 'Building insurance 2026', kind: 'insurance', isPublic: true }, await pdf('insurance'));
    await upload('miri', { title: 'Elevator contract', kind: 'contract', isPublic: false }, await pdf('elevator'));
    unitDoc = (await upload('miri', { title: 'Moshe lease', kind: 'contract', apartmentId: moshesUnit }, await pdf('moshe'))).body.record as Doc;
    otherUnitDoc = (await upload('miri', { title: 'Neighbour lease', kind: 'contract', apartmentId: otherUnit }, await pdf('neighbour'))).body.record as Doc;
  });

  it('shows a tenant his unit’s and the building’s public documents, and staff and the committee all of them', async () => {
    const moshe = await titles('moshe');
    expect(moshe).toEqual(expect.arrayContaining(['Building insurance 2026', 'Moshe lease']));
    expect(moshe).not.toContain('Elevator contract');
    expect(moshe).not.toContain('Neighbour lease');
    for (const user of ['miri', 'rina', 'avi']) expect(await titles(user), user).toEqual(expect.arrayContaining(['Elevator contract', 'Moshe lease', 'Neighbour lease']));
  });

  it('serves a document’s file to those who may see it, and to nobody else by any path', async () => {
    const own = await call(server, 'GET', `/api/binyan/documents/${unitDoc.id}/file`, { token: tokens.get('moshe') ?? '' });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect((await call(server, 'GET', `/api/binyan/documents/${otherUnitDoc.id}/file`, { token: tokens.get('moshe') ?? '' })).status).toBe(404);
    expect((await call(server, 'GET', `/api/files/getImg?src=${otherUnitDoc.fileId}`, { token: tokens.get('moshe') ?? '' })).status).toBe(404);
    // A guard of another building, and a supplier, do not read the building's documents at all.
    expect((await call(server, 'GET', `/api/binyan/documents/${unitDoc.id}/file`, { token: tokens.get('shimon') ?? '' })).status).toBe(403);
    expect((await as('eli', 'GET', '/buildings/101/documents')).status).toBe(403);
  });

  it('marks the newest bylaws as the current version, readable by every tenant', async () => {
    await upload('miri', { title: 'Bylaws 2024', kind: 'bylaws' }, await pdf('bylaws 2024'));
    server.clock.advance(60_000);
    await upload('miri', { title: 'Bylaws 2026', kind: 'bylaws' }, await pdf('bylaws 2026'));
    const bylaws = ((await as('tali', 'GET', '/buildings/101/documents')).body.records ?? []).filter((d) => d.kind === 'bylaws');
    expect(bylaws.map((d) => [d.title, d.isCurrent])).toEqual([
      ['Bylaws 2026', true],
      ['Bylaws 2024', false],
      ['תקנון הבית 2024', false],
    ]);
  });
});

describe('sending a document by e-mail', () => {
  it('requires an address, then sends the file as an attachment once per request', async () => {
    const doc = (await upload('miri', { title: 'Protocol to send', isPublic: true }, await pdf('send me'))).body.record as Doc;
    expectRefused(await as('miri', 'POST', `/documents/${doc.id}/send`, { id: newId(), to: '' }), 'emailRequiredToSendFile', { field: 'to' });
    expectRefused(await as('miri', 'POST', `/documents/${doc.id}/send`, { id: newId(), to: 'not-an-address' }), 'invalidEmail', { field: 'to' });
    const before = smtp.mails.length;
    const key = newId();
    const body = { id: newId(), to: 'committee@example.org' };
    const first = await as('moshe', 'POST', `/documents/${doc.id}/send`, body, key);
    const again = await as('moshe', 'POST', `/documents/${doc.id}/send`, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(smtp.mails.length - before).toBe(1);
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual(['committee@example.org']);
    expect(mail?.raw).toContain('Content-Type: application/pdf');
    expect(mail?.raw).toContain('filename=protocol.pdf');
  });

  it('does not send a document the user may not read', async () => {
    const hidden = (await upload('miri', { title: 'Staff only', kind: 'contract' }, await pdf('staff only'))).body.record as Doc;
    expect((await as('tali', 'POST', `/documents/${hidden.id}/send`, { id: newId(), to: 'me@example.org' })).status).toBe(404);
  });
});

describe('the building gallery', () => {
  it('shows staff the photos of the building’s service calls and its image documents, and a tenant only the images he may see', async () => {
    const callId = newId();
    expect((await as('miri', 'POST', '/service-calls', { id: callId, buildingId: 101, domain: 'plumbing', description: 'נזילה בלובי הכניסה' })).status).toBe(201);
    const photo = await call(server, 'POST', '/api/files/upload/B64', {
      token: tokens.get('miri') ?? '',
      body: params({ parentType: 'serviceCalls', parentID: callId, orgID: 1001, fileID: newId(), createdBy: 0, srcFileName: 'leak.jpg', base64String: (await testJpeg(811)).toString('base64') }),
    });
    expect(photo.status).toBe(200);
    await upload('miri', { title: 'Lobby after renovation', kind: 'other', isPublic: true, mimeType: 'image/jpeg' }, await testJpeg(812));
    await upload('miri', { title: 'Staff-only scan', kind: 'other', isPublic: false, mimeType: 'image/jpeg' }, await testJpeg(813));
    type Item = { fileId: string; source: string; title: string };
    const gallery = async (user: string) => (await call<{ records: Item[] }>(server, 'GET', '/api/binyan/buildings/101/gallery', { token: tokens.get(user) ?? '' })).body.records;
    const staff = await gallery('miri');
    expect(staff.map((i) => i.title)).toEqual(expect.arrayContaining(['נזילה בלובי הכניסה', 'Lobby after renovation', 'Staff-only scan']));
    const tenant = (await gallery('moshe')).map((i) => i.title);
    expect(tenant).toContain('Lobby after renovation');
    expect(tenant).not.toContain('Staff-only scan');
    expect(tenant).not.toContain('נזילה בלובי הכניסה');
  });
});

describe('signed forms', () => {
  const form = (fields: Record<string, unknown>) => ({
    id: newId(),
    buildingId: 101,
    apartmentId: moshesUnit,
    formId: 'keyReceipt',
    title: 'קבלת מפתחות',
    values: { keyDescription: 'מפתח מחסן', keyCount: '2' },
    signerName: 'משה פרץ',
    signedAt: '2026-11-24T10:00:00.000Z',
    ...fields,
  });

  it('makes one signed PDF of a tenant’s form and keeps it with his unit’s documents', async () => {
    const body = form({ page: (await testJpeg(901)).toString('base64') });
    const key = newId();
    const first = await as('moshe', 'POST', '/signed-forms', body, key);
    const again = await as('moshe', 'POST', '/signed-forms', body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.body).toEqual(first.body);
    const mine = ((await as('moshe', 'GET', '/buildings/101/documents')).body.records ?? []).filter((d) => d.id === body.id);
    expect(mine).toMatchObject([{ kind: 'signedForm', apartmentId: moshesUnit, mimeType: 'application/pdf' }]);
    const file = await call(server, 'GET', `/api/binyan/documents/${body.id}/file`, { token: tokens.get('moshe') ?? '' });
    expect(file.text.startsWith('%PDF-')).toBe(true);
  });

  it('makes the PDF of a form sent as text real text in Hebrew, English and Russian, in the one font family, with the signature as an image', async () => {
    const forms = {
      he: {
        text: 'אני מאשר/ת שקיבלתי את המפתחות המפורטים להלן.',
        fields: [
          { label: 'תיאור המפתח', value: 'מפתח מחסן 7' },
          { label: 'מספר מפתחות', value: '2' },
        ],
        signerLine: 'חתימת משה פרץ',
        signedLine: 'נחתם ב-24/11/2026 12:00',
        dir: 'rtl',
      },
      en: {
        text: 'I confirm that I received the keys listed below.',
        fields: [
          { label: 'Key description', value: 'Storage room key 7' },
          { label: 'Number of keys', value: '2' },
        ],
        signerLine: 'Signed by Moshe Peretz',
        signedLine: 'Signed on 24/11/2026 12:00',
        dir: 'ltr',
      },
      ru: {
        text: 'Подтверждаю, что получил(а) перечисленные ниже ключи.',
        fields: [
          { label: 'Описание ключа', value: 'Ключ от кладовой 7' },
          { label: 'Количество ключей', value: '2' },
        ],
        signerLine: 'Подпись: משה פרץ',
        signedLine: 'Подписано 24/11/2026 12:00',
        dir: 'ltr',
      },
    } as const;
    for (const [lang, text] of Object.entries(forms)) {
      const body = form({ form: text, signature: (await testJpeg(903)).toString('base64') });
      expect((await as('moshe', 'POST', '/signed-forms', body)).status, lang).toBe(201);
      const res = await fetch(`${server.baseUrl}/api/binyan/documents/${body.id}/file`, { headers: { authorization: tokens.get('moshe') ?? '' } });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const raw = Buffer.from(bytes).toString('latin1');
      expect(raw).toContain('/FontFile2');
      expect(raw).toContain('/Subtype /Image');
      expect(await pdfFontNames(bytes), lang).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
      const lines = await pdfLines(bytes);
      for (const expected of ['קבלת מפתחות', text.text, ...text.fields.flatMap((f) => [f.label, f.value]), text.signerLine, text.signedLine]) expect(lines, `${lang}: ${expected}`).toContain(drawn(expected, text.dir));
      if (lang === 'he') expect(lines).toEqual(expect.arrayContaining(['תוחתפמ תלבק', '7 ןסחמ חתפמ', '12:00 24/11/2026-ב םתחנ']));
      if (lang === 'ru') expect(lines).toEqual(expect.arrayContaining(['Ключ от кладовой 7', 'Подпись: ץרפ השמ', 'Подписано 24/11/2026 12:00']));
    }
  });

  it('draws a line that mixes Russian and a Hebrew name in the one font, the name right to left inside the line', async () => {
    const body = form({
      form: { text: 'Ключи получил משה פרץ', fields: [], signerLine: 'Подпись', signedLine: '24/11/2026 12:00', dir: 'ltr' },
      signature: (await testJpeg(904)).toString('base64'),
    });
    expect((await as('moshe', 'POST', '/signed-forms', body)).status).toBe(201);
    const res = await fetch(`${server.baseUrl}/api/binyan/documents/${body.id}/file`, { headers: { authorization: tokens.get('moshe') ?? '' } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(await pdfLines(bytes)).toContain('Ключи получил ץרפ השמ');
    expect(await pdfFontNames(bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('refuses a form without its fields or signer, and a tenant signing for another unit', async () => {
    const page = (await testJpeg(902)).toString('base64');
    expectRefused(await as('moshe', 'POST', '/signed-forms', form({ page, values: { keyDescription: 'מפתח' } })), 'requiredField', { field: 'keyCount' });
    expectRefused(await as('moshe', 'POST', '/signed-forms', form({ page, signerName: '' })), 'requiredField', { field: 'signerName' });
    expect((await as('moshe', 'POST', '/signed-forms', form({ page, apartmentId: otherUnit }))).status).toBe(403);
    expect((await as('miri', 'POST', '/signed-forms', form({ page, apartmentId: otherUnit }))).status).toBe(201);
  });
});
