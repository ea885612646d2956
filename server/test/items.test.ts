// Keys and mail items (spec 5): the same item cannot be inserted twice; a handover names who got it, once.
import { describe, expect, it } from 'vitest';
import type { Rec } from './harness.ts';
import { call, expectRefused, loginAs, newId, signedInServer } from './harness.ts';
import { testJpeg } from './images.ts';

type Reply = { record: Rec; error?: { code: string; messageKey: string; field?: string } };

// dana's round includes buildings 105 and 106.
const signedIn = signedInServer<Reply>('dana');
const { post, get } = signedIn;

describe.each([
  { path: '/keys', numberField: 'tagNumber', extra: { description: 'מפתח לדירה' } },
  { path: '/mail-items', numberField: 'trackingNumber', extra: { kind: 'parcel', description: '' } },
])('$path', ({ path, numberField, extra }) => {
  const item = (number: string, buildingId = 106) => ({ id: newId(), buildingId, apartmentId: null, contactId: null, [numberField]: number, ...extra });

  it('refuses the same number among pending items of the building, ignoring case, spaces and dashes', async () => {
    expect((await post(path, item('AB-100'))).status).toBe(201);
    const twice = await post(path, item('ab 100'));
    expectRefused(twice, 'itemAlreadyInserted', { field: numberField });
    expect(twice.body.error?.code).toBe('ITEM_ALREADY_INSERTED');
    expect((await post(path, item('AB-100', 105))).status).toBe(201);
  });

  it('requires a building and a number', async () => {
    expectRefused(await post(path, { ...item('X-1'), buildingId: null }), 'noBuildingSelected', { field: 'buildingId' });
    expectRefused(await post(path, item('  ')), 'requiredField', { field: numberField });
  });

  it('hands an item over once, with who received it and when; then the number is free again', async () => {
    const created = (await post(path, item('HO-1'))).body.record;
    expectRefused(await post(`${path}/${created.id}/handover`, { baseVersion: 1, deliveredTo: '' }), 'requiredField', { field: 'deliveredTo' });
    expectRefused(await post(`${path}/${created.id}/handover`, { baseVersion: 1, deliveredTo: 'י' }), 'nameTooShort', { field: 'deliveredTo' });
    expectRefused(await post(`${path}/${created.id}/handover`, { baseVersion: 1, deliveredTo: 'יעל כהן', deliveredAt: 'yesterday' }), 'invalidDate', {
      field: 'deliveredAt',
    });
    const stale = await post(`${path}/${created.id}/handover`, { baseVersion: 7, deliveredTo: 'יעל כהן' });
    expect(stale.status).toBe(409);
    const at = '2025-06-01T09:30:00.000Z';
    // Who handed it over is the signed-in user, whatever the body says.
    const handed = await post(`${path}/${created.id}/handover`, { baseVersion: 1, deliveredTo: 'יעל כהן', deliveredBy: 'אבי', deliveredAt: at });
    expect(handed.body.record).toMatchObject({ status: 'delivered', deliveredTo: 'יעל כהן', deliveredBy: 'דנה לוי', deliveredAt: at, version: 2 });
    const again = await post(`${path}/${created.id}/handover`, { baseVersion: 2, deliveredTo: 'יעל כהן' });
    expectRefused(again, 'itemAlreadyDelivered');
    expect(again.body.error?.code).toBe('ITEM_ALREADY_DELIVERED');
    expect((await post(path, item('HO-1'))).status).toBe(201);
    const listed = await get(`${path}?buildingId=106`);
    expect(
      listed
        .filter((r) => r[numberField] === 'HO-1')
        .map((r) => r.status)
        .sort(),
    ).toEqual(['delivered', 'pending']);
  });
});

it('a key needs a description', async () => {
  expectRefused(await post('/keys', { id: newId(), buildingId: 106, tagNumber: 'D-1', description: ' ' }), 'requiredField', { field: 'description' });
});

it('keeps the recipient’s drawn signature with the handover, readable by those who see the item’s building only', async () => {
  const created = (
    await post('/mail-items', { id: newId(), buildingId: 106, apartmentId: null, contactId: null, trackingNumber: 'SIG-1', kind: 'parcel', description: '' })
  ).body.record;
  expectRefused(
    await post(`/mail-items/${created.id}/handover`, { baseVersion: 1, deliveredTo: 'יעל כהן', signature: Buffer.from('not an image').toString('base64') }),
    'onlyImageAllowed',
    { field: 'signature' },
  );
  const signature = (await testJpeg(951)).toString('base64');
  const handed = await post(`/mail-items/${created.id}/handover`, { baseVersion: 1, deliveredTo: 'יעל כהן', signature: `data:image/jpeg;base64,${signature}` });
  expect(handed.status).toBe(200);
  const fileId = handed.body.record.signatureFileId;
  expect(typeof fileId).toBe('string');
  expect((await get('/mail-items?buildingId=106')).find((r) => r.id === created.id)).toMatchObject({ status: 'delivered', signatureFileId: fileId });
  const image = (user: string) => call(signedIn.server, 'GET', `/api/files/getImg?src=${encodeURIComponent(String(fileId))}`, { token: user });
  const own = await image(signedIn.token);
  expect(own.status).toBe(200);
  expect(own.headers.get('content-type')).toBe('image/jpeg');
  // avi's round does not include building 106.
  expect((await image((await loginAs(signedIn.server, 'avi')).token)).status).toBe(403);
  // Without a signature the handover is as before.
  const plain = (await post('/keys', { id: newId(), buildingId: 106, apartmentId: null, contactId: null, tagNumber: 'SIG-2', description: 'מפתח' })).body
    .record;
  expect((await post(`/keys/${plain.id}/handover`, { baseVersion: 1, deliveredTo: 'יעל כהן' })).body.record).toMatchObject({
    status: 'delivered',
    signatureFileId: null,
  });
});
