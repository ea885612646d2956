// A message's optional image (issue 16; spec 3 "message: subject, body, image"): uploaded for the
// message about to be sent, with the upload limits and re-encoding of every upload; the board shows it
// and each e-mail carries it as an attachment. Only senders upload it; an image of another upload is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';
import { testJpeg } from './images.ts';
import type { SmtpSink } from './smtpSink.ts';
import { startSmtpSink } from './smtpSink.ts';

type Upload = { APIResponseCode: number; fileId?: string; error?: { code: string; messageKey: string } };

let sink: SmtpSink;
let server: TestServer;
let rina = '';
let moshe = '';

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ mailProvider: smtpMailProvider(sink.url, 'binyan@test.example'), deliveryIntervalMs: 50 });
  rina = (await loginAs(server, 'rina')).token;
  moshe = (await loginAs(server, 'moshe')).token;
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const param = (paramName: string, paramValue: string | number) => ({ paramName, paramValue, paramType: typeof paramValue === 'number' ? 8 : 12 });
const upload = (token: string, messageId: string, bytes: Buffer) =>
  call<Upload>(server, 'POST', '/api/files/upload/B64', {
    token,
    idempotencyKey: newId(),
    body: [
      param('parentType', 'messages'),
      param('parentID', messageId),
      param('orgID', 1001),
      param('createdBy', 1),
      param('srcFileName', 'notice.jpg'),
      param('base64String', bytes.toString('base64')),
    ],
  });
const send = (id: string, imageId: string | null) =>
  call<{ record?: { id: string; imageId: string | null }; error?: { code: string; messageKey: string; field?: string } }>(
    server,
    'POST',
    '/api/binyan/messages',
    {
      token: rina,
      body: { id, buildingId: 101, subject: 'לוח מודעות חדש', body: 'תמונה של הלוח החדש בלובי', owners: true, channels: ['email'], imageId },
    },
  );

describe('a message with an image', () => {
  it('sends the image with the message: on the board and attached to each e-mail', async () => {
    const id = newId();
    const stored = await upload(rina, id, await testJpeg(7));
    expect(stored.body.APIResponseCode).toBe(0);
    const imageId = stored.body.fileId ?? '';
    const sent = await send(id, imageId);
    expect(sent.status).toBe(201);
    expect(sent.body.record).toMatchObject({ imageId });

    const board = (
      await call<{ records: { id: string; imageId: string | null }[] }>(server, 'GET', '/api/binyan/buildings/101/announcements', { token: moshe })
    ).body.records;
    expect(board.find((m) => m.id === id)?.imageId).toBe(imageId);
    const image = await call(server, 'GET', `/api/files/getImg?src=${imageId}`, { token: moshe });
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const mailId = id.replace(/[^\w.-]/g, '.');
    const mails = await (async () => {
      for (let i = 0; i < 400; i++) {
        const found = sink.mails.filter((m) => m.raw.includes(mailId));
        if (found.length > 0) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('no mail arrived');
    })();
    for (const mail of mails) {
      expect(mail.raw).toContain('Content-Type: image/jpeg');
      expect(mail.raw).toMatch(/filename="?notice\.jpg"?/);
    }
  });

  it('refuses an image uploaded for another message, and keeps tenants from uploading message images', async () => {
    const other = newId();
    const imageId = (await upload(rina, other, await testJpeg(8))).body.fileId ?? '';
    expectRefused(await send(newId(), imageId), 'onlyImageAllowed', { field: 'image' });
    // Style 2 answers a refusal in its APIResponseCode (spec 7).
    const refused = await upload(moshe, newId(), await testJpeg(9));
    expect(refused.body.APIResponseCode).not.toBe(0);
    expect(refused.body.error?.code).toBe('FORBIDDEN');
  });

  it('refuses adding an image to a message already sent', async () => {
    const id = newId();
    expect((await send(id, null)).status).toBe(201);
    expect((await upload(rina, id, await testJpeg(10))).body.error?.code).toBe('ALREADY_EXISTS');
  });
});
