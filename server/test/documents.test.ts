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
import { formatDisplayDate, israelWallClock } from '../../src/lib/dates.ts';
import { signedFormTemplates } from '../src/files/signedFormTemplates.ts';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import { startSmtpSink } from './smtpSink.ts';
import type { SmtpSink } from './smtpSink.ts';

type Doc = {
  id: string;
  kind: string;
  title: string;
  apartmentId: string | null;
  isPublic: boolean;
  isCurrent: boolean;
  mimeType: string;
  fileId: string;
  createdBy: string;
  signerName: string | null;
};
type Reply = { record?: Doc; records?: Doc[]; error?: { code: string; messageKey: string; field?: string; params?: Record<string, unknown> } };

let server: TestServer;
let smtp: SmtpSink;
const tokens = new Map<string, string>();
let moshesUnit = '';
let otherUnit = '';
const mailLimit = { max: 8, windowMs: 60 * 60_000 };

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

const as = (user: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<Reply>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

async function upload(
  user: string,
  fields: Partial<{ title: string; kind: string; apartmentId: string | null; isPublic: boolean; mimeType: string; buildingId: number }>,
  bytes: Buffer,
) {
  return as(user, 'POST', '/documents', {
    id: newId(),
    buildingId: 101,
    kind: 'protocol',
    title: 'Protocol',
    isPublic: false,
    mimeType: 'application/pdf',
    fileName: 'protocol.pdf',
    ...fields,
    base64: bytes.toString('base64'),
  });
}

const titles = async (user: string) => ((await as(user, 'GET', '/buildings/101/documents')).body.records ?? []).map((d) => d.title);

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    mailProvider: smtpMailProvider(smtp.url, 'Binyan <no-reply@binyan.test>'),
    usageLimits: { documentMailsPerUser: mailLimit },
  });
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
    for (const user of ['miri', 'rina', 'avi'])
      expect(await titles(user), user).toEqual(expect.arrayContaining(['Elevator contract', 'Moshe lease', 'Neighbour lease']));
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
  type Recipients = { anyAddress: boolean; addresses: { email: string; name: string; self: boolean }[] };
  const send = (user: string, docId: string, to: string, key?: string, id = newId()) => as(user, 'POST', `/documents/${docId}/send`, { id, to }, key);
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).length;
  let doc: Doc;
  beforeAll(async () => {
    doc = (await upload('miri', { title: 'Protocol to send', isPublic: true }, await pdf('send me'))).body.record as Doc;
  });

  it('requires an address, then sends the file as an attachment once per request', async () => {
    expectRefused(await send('miri', doc.id, ''), 'emailRequiredToSendFile', { field: 'to' });
    expectRefused(await send('miri', doc.id, 'not-an-address'), 'invalidEmail', { field: 'to' });
    const before = smtp.mails.length;
    const key = newId();
    const id = newId();
    const first = await send('moshe', doc.id, 'moshe@binyan-demo.co.il', key, id);
    const again = await send('moshe', doc.id, 'moshe@binyan-demo.co.il', key, id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(smtp.mails.length - before).toBe(1);
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual(['moshe@binyan-demo.co.il']);
    expect(mail?.raw).toContain('Content-Type: application/pdf');
    expect(mail?.raw).toContain('filename=protocol.pdf');
  });

  it('lets a tenant send only to his own address and his unit’s contacts, and staff anywhere', async () => {
    const offered = (await call<Recipients>(server, 'GET', '/api/binyan/documents/recipients', { token: tokens.get('moshe') ?? '' })).body;
    expect(offered.anyAddress).toBe(false);
    expect(offered.addresses).toContainEqual({ email: 'moshe@binyan-demo.co.il', name: 'משה פרץ', self: true });
    const household = offered.addresses.map((a) => a.email.toLowerCase());
    const contacts = (await as('miri', 'GET', '/buildings/101/contacts')).body.records as unknown as { apartmentId: string | null; email: string | null }[];
    const neighbour = contacts.find((c) => c.apartmentId === otherUnit && c.email)?.email ?? '';
    expect(neighbour).not.toBe('');
    expect(household).not.toContain(neighbour.toLowerCase());
    const unitAddresses = contacts.filter((c) => c.apartmentId === moshesUnit && c.email).map((c) => (c.email ?? '').toLowerCase());
    expect(new Set(household)).toEqual(new Set(['moshe@binyan-demo.co.il', ...unitAddresses]));
    for (const to of ['committee@example.org', neighbour, 'MOSHE@binyan-demo.co.il.evil.example'])
      expectRefused(await send('moshe', doc.id, to), 'recipientNotAllowed', { field: 'to' });
    for (const address of offered.addresses) expect((await send('moshe', doc.id, address.email.toUpperCase())).status, address.email).toBe(201);
    expect((await call<Recipients>(server, 'GET', '/api/binyan/documents/recipients', { token: tokens.get('rina') ?? '' })).body.anyAddress).toBe(true);
    expect((await send('rina', doc.id, 'lawyer@example.org')).status).toBe(201);
    expect((await send('miri', doc.id, 'auditor@example.org')).status).toBe(201);
  });

  it('sends concurrent repeats of one request exactly once', async () => {
    const key = newId();
    const body = { id: newId(), to: 'tali@binyan-demo.co.il' };
    const before = mailsTo('tali@binyan-demo.co.il');
    const replies = await Promise.all(Array.from({ length: 6 }, () => as('tali', 'POST', `/documents/${doc.id}/send`, body, key)));
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(201);
    for (const r of replies) expect(r.body).toEqual(replies[0]?.body);
    expect(mailsTo('tali@binyan-demo.co.il') - before).toBe(1);
  });

  it('limits the mails of one user, counted until the window ends', async () => {
    const { max, windowMs } = mailLimit;
    for (let i = 0; i < max; i += 1) expect((await send('avi', doc.id, `limit-${i}@example.org`)).status).toBe(201);
    const refused = await send('avi', doc.id, 'one-more@example.org');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mailsTo('one-more@example.org')).toBe(0);
    // Another user is not counted with him.
    expect((await send('miri', doc.id, 'one-more@example.org')).status).toBe(201);
    server.clock.advance(windowMs);
    expect((await send('avi', doc.id, 'next-window@example.org')).status).toBe(201);
  });

  it('answers a mail the server refused as not sent, and the same request may be sent again', async () => {
    smtp.refuse.add('bounce@example.org');
    const key = newId();
    const id = newId();
    const failed = await send('miri', doc.id, 'bounce@example.org', key, id);
    expect(failed.status).toBe(502);
    expect(failed.body.error?.messageKey).toBe('errors:emailNotSent');
    smtp.refuse.delete('bounce@example.org');
    const retried = await send('miri', doc.id, 'bounce@example.org', key, id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(mailsTo('bounce@example.org')).toBe(1);
  });

  it('does not send a document the user may not read', async () => {
    const hidden = (await upload('miri', { title: 'Staff only', kind: 'contract' }, await pdf('staff only'))).body.record as Doc;
    expect((await send('tali', hidden.id, 'tali@binyan-demo.co.il')).status).toBe(404);
  });
});

describe('the building gallery', () => {
  it('shows staff the photos of the building’s service calls and its image documents, and a tenant only the images he may see', async () => {
    const callId = newId();
    expect((await as('miri', 'POST', '/service-calls', { id: callId, buildingId: 101, domain: 'plumbing', description: 'נזילה בלובי הכניסה' })).status).toBe(
      201,
    );
    const photo = await call(server, 'POST', '/api/files/upload/B64', {
      token: tokens.get('miri') ?? '',
      body: params({
        parentType: 'serviceCalls',
        parentID: callId,
        orgID: 1001,
        fileID: newId(),
        createdBy: 0,
        srcFileName: 'leak.jpg',
        base64String: (await testJpeg(811)).toString('base64'),
      }),
    });
    expect(photo.status).toBe(200);
    await upload('miri', { title: 'Lobby after renovation', kind: 'other', isPublic: true, mimeType: 'image/jpeg' }, await testJpeg(812));
    await upload('miri', { title: 'Staff-only scan', kind: 'other', isPublic: false, mimeType: 'image/jpeg' }, await testJpeg(813));
    type Item = { fileId: string; source: string; title: string };
    const gallery = async (user: string) =>
      (await call<{ records: Item[] }>(server, 'GET', '/api/binyan/buildings/101/gallery', { token: tokens.get(user) ?? '' })).body.records;
    const staff = await gallery('miri');
    expect(staff.map((i) => i.title)).toEqual(expect.arrayContaining(['נזילה בלובי הכניסה', 'Lobby after renovation', 'Staff-only scan']));
    const tenant = (await gallery('moshe')).map((i) => i.title);
    expect(tenant).toContain('Lobby after renovation');
    expect(tenant).not.toContain('Staff-only scan');
    expect(tenant).not.toContain('נזילה בלובי הכניסה');
  });
});

describe('signed forms', () => {
  const en = signedFormTemplates.en;
  const he = signedFormTemplates.he;
  const signature = async (seedNo: number) => (await testJpeg(seedNo)).toString('base64');
  const form = (fields: Record<string, unknown>) => ({
    id: newId(),
    buildingId: 101,
    apartmentId: moshesUnit,
    formId: 'keyReceipt',
    values: { keyDescription: 'מפתח מחסן 7', keyCount: '2' },
    ...fields,
  });
  /** The server's minute before and after a call: its stamp is one of them (dd/mm/yyyy HH:MM, Israel). */
  const minute = () => {
    const wall = israelWallClock(server.clock.now());
    return `${formatDisplayDate(wall.slice(0, 10))} ${wall.slice(11, 16)}`;
  };
  const fileOf = async (user: string, id: string) => {
    const res = await fetch(`${server.baseUrl}/api/binyan/documents/${id}/file`, { headers: { authorization: tokens.get(user) ?? '' } });
    return new Uint8Array(await res.arrayBuffer());
  };

  it('makes the PDF from the server’s own form, the signer of the session and the server’s time, whatever the device claims', async () => {
    const body = form({
      language: 'en',
      title: 'Loan agreement',
      signerName: 'Rina Biton',
      signedAt: '2020-01-01T09:00:00.000Z',
      form: {
        text: 'I owe the committee 1,000,000 NIS.',
        fields: [{ label: 'Debt', value: '1,000,000' }],
        signerLine: 'Signed by: Rina Biton',
        signedLine: 'Signed on: 01/01/2020 11:00',
        dir: 'ltr',
      },
      signature: await signature(901),
    });
    const key = newId();
    const before = minute();
    const first = await as('moshe', 'POST', '/signed-forms', body, key);
    const after = minute();
    const again = await as('moshe', 'POST', '/signed-forms', body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.body).toEqual(first.body);
    const stored = ((await as('moshe', 'GET', '/buildings/101/documents')).body.records ?? []).find((d) => d.id === body.id);
    expect(stored).toMatchObject({
      kind: 'signedForm',
      apartmentId: moshesUnit,
      title: en.forms.keyReceipt.title,
      createdBy: 'משה פרץ',
      signerName: 'משה פרץ',
    });
    const bytes = await fileOf('moshe', body.id);
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toContain('/Subtype /Image');
    expect(await pdfFontNames(bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const lines = await pdfLines(bytes);
    const all = lines.join(' ');
    expect(lines).toContain(en.forms.keyReceipt.title);
    expect(all).toContain(en.forms.keyReceipt.text);
    for (const label of [en.unit, en.fields.keyDescription, en.fields.keyCount]) expect(lines).toContain(label);
    expect(lines).toContain('2');
    expect(lines).toContain(drawn('מפתח מחסן 7', 'ltr'));
    expect(lines).toContain(drawn('Signed by: משה פרץ', 'ltr'));
    expect([before, after].map((at) => `Signed on: ${at}`)).toContain(lines.find((l) => l.startsWith('Signed on:')));
    for (const claimed of ['Loan agreement', '1,000,000', 'Rina', '2020']) expect(all, claimed).not.toContain(claimed);
  });

  it('records both the staff user and the person who signed on their screen', async () => {
    const body = form({ language: 'he', signerName: 'משה פרץ', signature: await signature(902) });
    expect((await as('avi', 'POST', '/signed-forms', body)).status).toBe(201);
    const stored = ((await as('miri', 'GET', '/buildings/101/documents')).body.records ?? []).find((d) => d.id === body.id);
    expect(stored).toMatchObject({ createdBy: 'אבי כהן', signerName: 'משה פרץ', title: he.forms.keyReceipt.title });
    const lines = await pdfLines(await fileOf('miri', body.id));
    expect(lines).toContain(drawn(he.forms.keyReceipt.title, 'rtl'));
    expect(lines).toContain(drawn('נחתם על ידי: משה פרץ', 'rtl'));
    expect(lines).toContain(drawn('נרשם על ידי אבי כהן (avi) בשם החותם/ת', 'rtl'));
    // Signing as himself, the worker's form names him once.
    const own = form({ apartmentId: null, language: 'en', signerName: '', signature: await signature(903) });
    expect((await as('avi', 'POST', '/signed-forms', own)).status).toBe(201);
    const ownLines = await pdfLines(await fileOf('avi', own.id));
    expect(ownLines).toContain(drawn('Signed by: אבי כהן', 'ltr'));
    expect(ownLines.some((l) => l.startsWith('Filed by'))).toBe(false);
  });

  it('draws a Russian form with the Hebrew name right to left inside the line, in the one font', async () => {
    const ru = signedFormTemplates.ru;
    const body = form({ language: 'ru', signature: await signature(904) });
    expect((await as('tali', 'POST', '/signed-forms', { ...body, apartmentId: null })).status).toBe(201);
    const bytes = await fileOf('tali', body.id);
    const lines = await pdfLines(bytes);
    expect(lines).toContain(ru.forms.keyReceipt.title);
    expect(lines).toContain(drawn('Подписал(а): טלי גולן', 'ltr'));
    expect(await pdfFontNames(bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('lets only users of the form’s building and unit sign it, and takes no picture of a page for a signature', async () => {
    const sig = await signature(905);
    expectRefused(await as('moshe', 'POST', '/signed-forms', form({ signature: sig, values: { keyDescription: 'מפתח' } })), 'requiredField', {
      field: 'keyCount',
    });
    expectRefused(await as('moshe', 'POST', '/signed-forms', form({ page: sig })), 'signatureRequired', { field: 'signature' });
    const refusals = [
      await as('moshe', 'POST', '/signed-forms', form({ signature: sig, apartmentId: otherUnit })),
      await as('moshe', 'POST', '/signed-forms', form({ signature: sig, buildingId: 102, apartmentId: null })),
      await as('shimon', 'POST', '/signed-forms', form({ signature: sig, apartmentId: null })),
      await as('avi', 'POST', '/signed-forms', form({ signature: sig, buildingId: 106, apartmentId: null })),
    ];
    for (const refused of refusals) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.error?.messageKey).toBe('errors:formNotForYourBuilding');
    }
    expect((await as('eli', 'POST', '/signed-forms', form({ signature: sig }))).status).toBe(403);
    expect((await as('miri', 'POST', '/signed-forms', form({ signature: sig, apartmentId: otherUnit }))).status).toBe(201);
  });
});
