// Files are read as what they belong to (issue 27, item 8): GET /api/files/getImg serves a file only to
// those who may read a record it belongs to — that record's read right and building (and, for a message,
// its audience). Each kind of parent is tried by those who must not read it: a tenant, a committee member
// and a worker of other buildings, a supplier, another company and nobody signed in; and by someone who
// may. Uploading bytes the company already has links them to the uploader's record and nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';
import { b64, testJpeg } from './images.ts';

type Rec = Record<string, unknown> & { id: string; version: number };
type Upload = {
  APIResponseCode: number;
  fileId?: string;
  deduplicated?: boolean;
  record?: Record<string, unknown>;
  error?: { code: string; messageKey: string };
};

let server: TestServer;
const tokens = new Map<string, string>();
const who = (user: string) => tokens.get(user) ?? '';
let seed = 2700;

/** The readers that must be refused a file of building 106 (none of them has it). */
const outsiders = ['moshe', 'rina', 'avi', 'eli', 'other', 'nobody'] as const;

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['miri', 'dana', 'moshe', 'tali', 'rina', 'avi', 'eli', 'shimon', 'noam', 'admin']) tokens.set(user, (await loginAs(server, user)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
});
afterAll(async () => server.close());

const as = <T = Record<string, unknown>>(user: string, method: string, path: string, body?: unknown) =>
  call<T>(server, method, `/api/binyan${path}`, { token: who(user), ...(body !== undefined ? { body } : {}) });

async function upload(user: string, parentType: string, parentID: string, bytes?: Buffer): Promise<Upload> {
  const data = bytes ?? (await testJpeg((seed += 1)));
  const reply = await call<Upload>(server, 'POST', '/api/files/upload/B64', {
    token: who(user),
    body: params({ parentType, parentID, orgID: 1001, fileID: newId(), createdBy: 0, srcFileName: `${parentType}.jpg`, base64String: b64(data) }),
  });
  return reply.body;
}

async function uploaded(user: string, parentType: string, parentID: string, bytes?: Buffer): Promise<string> {
  const answer = await upload(user, parentType, parentID, bytes);
  expect(answer.APIResponseCode, JSON.stringify(answer)).toBe(0);
  return answer.fileId ?? '';
}

const statusOf = async (user: string, fileId: string) =>
  (await call(server, 'GET', `/api/files/getImg?src=${encodeURIComponent(fileId)}`, user === 'nobody' ? {} : { token: who(user) })).status;

async function expectReaders(fileId: string, allowed: readonly string[], refused: readonly string[]): Promise<void> {
  for (const user of allowed) expect(await statusOf(user, fileId), `${user} reads ${fileId}`).toBe(200);
  for (const user of refused) expect(await statusOf(user, fileId), `${user} is refused ${fileId}`).toBeGreaterThanOrEqual(401);
  expect(await statusOf('nobody', fileId)).toBe(401);
  expect(await statusOf('other', fileId)).toBe(403);
}

async function newCall(user: string, buildingId: number): Promise<string> {
  const id = newId();
  const created = await as(user, 'POST', '/service-calls', { id, buildingId, domain: 'plumbing', description: 'Water leak under the stairs' });
  expect(created.status, created.text).toBe(201);
  return id;
}

describe('a file is read as the record it belongs to', () => {
  it("a service call's photo: those who read the building's calls, no one else", async () => {
    const far = await uploaded('miri', 'serviceCalls', await newCall('miri', 106));
    await expectReaders(far, ['miri', 'dana', 'admin'], outsiders);
    // In the tenant's own building: a tenant and the front desk of another building read no calls.
    const near = await uploaded('avi', 'serviceCalls', await newCall('avi', 101));
    await expectReaders(near, ['eli', 'rina', 'avi'], ['moshe', 'tali', 'shimon', 'noam']);
  });

  it("a service call update's photo: the same as its call", async () => {
    const callId = await newCall('miri', 106);
    const updateId = newId();
    expect((await as('miri', 'POST', `/service-calls/${callId}/updates`, { id: updateId, text: 'Plumber came' })).status).toBe(201);
    await expectReaders(await uploaded('miri', 'serviceCallUpdates', updateId), ['dana'], outsiders);
  });

  it("a meter reading's photo: those who read the building's meters", async () => {
    const meters = (await as<{ records: Rec[] }>('miri', 'GET', '/buildings/106/meters')).body.records;
    const meter = meters.find((m) => m.kind === 'unit') ?? meters[0];
    const readingId = newId();
    const reading = await as('miri', 'POST', '/meter-readings', { id: readingId, meterId: meter?.id, current: 9_000_000 + (seed += 1), photoId: newId() });
    expect(reading.status, reading.text).toBe(201);
    await expectReaders(await uploaded('miri', 'meterReadings', readingId), ['dana'], outsiders);
    // The seeded meter faces: a worker of the building reads them, a tenant and a supplier of it do not.
    await expectReaders('seed-meter-1001-1', ['avi', 'rina'], ['moshe', 'tali', 'eli']);
  });

  it("a check's images (the seeded bank check too): those who deposit the building's checks", async () => {
    await expectReaders('seed-photo-1001', ['avi', 'rina', 'miri'], ['moshe', 'tali', 'eli', 'shimon', 'noam']);
    const group = (await as<{ records: { ChecksHeaderGuid: string; checks: { CheckGuid: string }[] }[] }>('avi', 'GET', '/check/toFill')).body.records.find(
      (g) => g.checks.length > 0,
    );
    const checkGuid = String(group?.checks[0]?.CheckGuid);
    await expectReaders(await uploaded('avi', 'checks', checkGuid), ['avi', 'rina'], ['moshe', 'eli', 'shimon', 'noam']);
  });

  it("an expense's invoice and a quote: the committee and staff of that building", async () => {
    const expenseId = newId();
    const expense = await as('miri', 'POST', '/expenses', {
      id: expenseId,
      buildingId: 106,
      date: '2026-03-01',
      description: 'Elevator service',
      amountAgorot: 50_000,
      group: 'elevator',
    });
    expect(expense.status, expense.text).toBe(201);
    await expectReaders(await uploaded('miri', 'expenses', expenseId), ['miri'], [...outsiders, 'dana']);

    const supplier = (await as<{ records: Rec[] }>('miri', 'GET', '/suppliers')).body.records[0];
    const bidId = newId();
    const bid = await as('miri', 'POST', '/bids', {
      id: bidId,
      buildingId: 106,
      supplierId: supplier?.id,
      date: '2026-03-01',
      amountAgorot: 120_000,
      description: 'Lobby paint',
    });
    expect(bid.status, bid.text).toBe(201);
    await expectReaders(await uploaded('miri', 'bids', bidId), ['miri'], [...outsiders, 'dana']);
    // The committee reads its own building's invoices.
    const own = newId();
    expect(
      (await as('rina', 'POST', '/expenses', { id: own, buildingId: 101, date: '2026-03-01', description: 'Garden', amountAgorot: 9_000, group: 'gardening' }))
        .status,
    ).toBe(201);
    await expectReaders(await uploaded('rina', 'expenses', own), ['rina', 'miri'], ['moshe', 'avi', 'eli']);
  });

  it("a message's image: its senders and those it is addressed to in its building", async () => {
    const messageId = newId();
    const image = await uploaded('miri', 'messages', messageId);
    // Before the message is sent only its uploader sees the image.
    await expectReaders(image, ['miri'], ['rina', 'dana', 'moshe']);
    const sent = await as('miri', 'POST', '/messages', {
      id: messageId,
      buildingId: 106,
      subject: 'Water cut',
      body: 'No water on Sunday morning',
      owners: true,
      channels: ['email'],
      imageId: image,
    });
    expect(sent.status, sent.text).toBe(201);
    await expectReaders(image, ['miri'], outsiders);
    // Owners only, in the tenants' own building: the renter does not read it.
    const ownersOnly = newId();
    const ownersImage = await uploaded('rina', 'messages', ownersOnly);
    expect(
      (
        await as('rina', 'POST', '/messages', {
          id: ownersOnly,
          buildingId: 101,
          subject: 'Owners meeting',
          body: 'Owners meet on Monday',
          owners: true,
          channels: ['email'],
          imageId: ownersImage,
        })
      ).status,
    ).toBe(201);
    await expectReaders(ownersImage, ['moshe', 'rina'], ['tali']);
  });

  it("a document's file: those who may see the document", async () => {
    const doc = await as<{ record: { fileId: string } }>('miri', 'POST', '/documents', {
      id: newId(),
      buildingId: 106,
      kind: 'other',
      title: 'Roof inspection',
      isPublic: true,
      mimeType: 'image/jpeg',
      fileName: 'roof.jpg',
      base64: b64(await testJpeg((seed += 1))),
    });
    expect(doc.status, doc.text).toBe(201);
    await expectReaders(doc.body.record.fileId, ['dana', 'miri'], outsiders);
  });

  it("a key's and a mail item's handover signature: those who read the building's items", async () => {
    for (const path of ['keys', 'mail-items']) {
      const id = newId();
      const created = await as<{ record: Rec }>('miri', 'POST', `/${path}`, {
        id,
        buildingId: 106,
        description: 'Storage room',
        tagNumber: `T-${(seed += 1)}`,
        trackingNumber: `RR${seed}IL`,
      });
      expect(created.status, created.text).toBe(201);
      const handed = await as<{ record: Rec & { signatureFileId: string } }>('miri', 'POST', `/${path}/${id}/handover`, {
        baseVersion: created.body.record.version,
        deliveredTo: 'Dana',
        signature: b64(await testJpeg((seed += 1))),
      });
      expect(handed.status, handed.text).toBe(200);
      await expectReaders(handed.body.record.signatureFileId, ['dana', 'miri'], outsiders);
    }
    // In the tenant's own building: the items are the office's, not the tenants'.
    const id = newId();
    const key = await as<{ record: Rec }>('avi', 'POST', '/keys', { id, buildingId: 101, description: 'Roof', tagNumber: `T-${(seed += 1)}` });
    expect(key.status, key.text).toBe(201);
    const handed = await as<{ record: Rec & { signatureFileId: string } }>('avi', 'POST', `/keys/${id}/handover`, {
      baseVersion: key.body.record.version,
      deliveredTo: 'Moshe',
      signature: b64(await testJpeg((seed += 1))),
    });
    await expectReaders(handed.body.record.signatureFileId, ['avi', 'rina'], ['moshe', 'tali', 'eli']);
  });

  it('refuses a file whose record is gone to everyone but the administrator', async () => {
    const callId = await newCall('miri', 106);
    const photo = await uploaded('miri', 'serviceCalls', callId);
    const current = (await as<{ record: Rec }>('miri', 'GET', `/service-calls/${callId}`)).body.record;
    expect((await as('miri', 'DELETE', `/service-calls/${callId}?baseVersion=${current.version}`)).status).toBe(200);
    await expectReaders(photo, ['admin'], ['miri', 'dana']);
  });
});

describe('what an upload and a record may name', () => {
  it('refuses an upload to a record the user may read but not change', async () => {
    const callId = await newCall('avi', 101);
    // A tenant adds photos to their own calls only (issue 31): the office's call of their building is not told to exist.
    for (const user of ['moshe', 'tali']) expect((await upload(user, 'serviceCalls', callId)).error?.code, user).toBe('NOT_FOUND');
    expect((await upload('eli', 'serviceCallUpdates', newId())).error?.code).toBe('NOT_FOUND');
    const expenseId = newId();
    expect(
      (
        await as('rina', 'POST', '/expenses', {
          id: expenseId,
          buildingId: 101,
          date: '2026-03-02',
          description: 'Lights',
          amountAgorot: 3_000,
          group: 'electricity',
        })
      ).status,
    ).toBe(201);
    for (const user of ['eli', 'avi', 'moshe']) expect((await upload(user, 'expenses', expenseId)).error?.code, user).toBe('NOT_ALLOWED');
  });

  it('links the same bytes to the uploader’s own record without telling whose they were, and opens nothing else', async () => {
    const theirCall = await newCall('miri', 106);
    const bytes = await testJpeg((seed += 1));
    const theirs = await uploaded('miri', 'serviceCalls', theirCall, bytes);
    const otherOfTheirs = await uploaded('miri', 'serviceCalls', theirCall);
    const mine = await newCall('eli', 101);
    const again = await upload('eli', 'serviceCalls', mine, bytes);
    expect(again).toMatchObject({
      APIResponseCode: 0,
      fileId: theirs,
      deduplicated: true,
      record: { parentType: 'serviceCalls', parentId: mine, srcFileName: 'serviceCalls.jpg' },
    });
    expect(JSON.stringify(again)).not.toContain(theirCall);
    // He had those bytes: he reads them as his call's photo; nothing else of that call opens to him.
    expect(await statusOf('eli', theirs)).toBe(200);
    expect(await statusOf('eli', otherOfTheirs)).toBe(403);
    expect((await as('eli', 'GET', `/service-calls/${theirCall}/files`)).status).toBe(403);
    const own = (await as<{ records: Rec[] }>('eli', 'GET', `/service-calls/${mine}/files`)).body.records;
    expect(own.map((f) => [f.id, f.parentId])).toEqual([[theirs, mine]]);
    // Both calls list the one file.
    const listed = (await as<{ records: Rec[] }>('miri', 'GET', `/service-calls/${theirCall}/files`)).body.records.map((f) => f.id);
    expect(listed).toEqual(expect.arrayContaining([theirs, otherOfTheirs]));
  });

  it('refuses a record that names a file its writer may not read, so the record cannot serve it either', async () => {
    const secret = await uploaded('miri', 'serviceCalls', await newCall('miri', 106));
    const meter = (await as<{ records: Rec[] }>('avi', 'GET', '/buildings/101/meters')).body.records[0];
    const reading = await as('avi', 'POST', '/meter-readings', { id: newId(), meterId: meter?.id, current: 9_500_000 + (seed += 1), photoId: secret });
    expect(reading.status).toBe(403);
    const group = (await as<{ records: { ChecksHeaderGuid: string }[] }>('avi', 'GET', '/check/toFill')).body.records[0];
    const checkGuid = newId();
    const check = { CheckGuid: checkGuid, ChecksHeaderGuid: String(group?.ChecksHeaderGuid), Amount: 10, DepositDate: '2030-01-15' };
    expect((await as('avi', 'POST', '/check', { ...check, FrontImageId: secret })).status).toBe(403);
    // A check naming an id before its image arrives is fine; the check serves only an image of its own.
    expect((await as('avi', 'POST', '/check', { ...check, FrontImageId: newId() })).status).toBe(201);
    expect((await as('avi', 'GET', `/check/image/?orientation=front&chex_checkID=${checkGuid}`)).status).toBe(404);
    const expense = await as('rina', 'POST', '/expenses', {
      id: newId(),
      buildingId: 101,
      date: '2026-03-03',
      description: 'Cleaning',
      amountAgorot: 4_000,
      group: 'cleaning',
      attachmentId: secret,
    });
    expect(expense.status).toBe(403);
  });
});
