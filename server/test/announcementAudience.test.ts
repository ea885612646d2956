// Announcements reach their audience only (issue 27, item 10): a message to owners is read by owners, one
// to renters by renters, one to both by everyone of the building (workers, the front desk, suppliers,
// the maintenance manager too), and the senders — management staff and the committee — read them all.
// The board and a message's image follow the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { testJpeg } from './images.ts';

type Board = { records?: { id: string }[]; error?: { code: string } };
type Upload = { APIResponseCode: number; fileId?: string };

let server: TestServer;
const tokens = new Map<string, string>();
const sent = { owners: '', renters: '', everyone: '', ownersImage: '', deskOwners: '', deskEveryone: '' };
let imageId = '';

const as = <T>(user: string, method: string, path: string, body?: unknown) =>
  call<T>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });

async function send(
  by: string,
  buildingId: number,
  audience: { owners: boolean; renters: boolean },
  image: string | null = null,
  id = newId(),
): Promise<string> {
  const reply = await as<{ record?: { id: string } }>(by, 'POST', '/api/binyan/messages', {
    id,
    buildingId,
    subject: `הודעה ${id.slice(0, 4)}`,
    body: 'תוכן ההודעה',
    ...audience,
    channels: ['sms'],
    imageId: image,
  });
  expect(reply.status, reply.text).toBe(201);
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['moshe', 'tali', 'avi', 'eli', 'yossi', 'shimon', 'rina', 'miri', 'admin']) tokens.set(name, (await loginAs(server, name)).token);
  sent.owners = await send('rina', 101, { owners: true, renters: false });
  sent.renters = await send('rina', 101, { owners: false, renters: true });
  sent.everyone = await send('rina', 101, { owners: true, renters: true });
  const imageMessage = newId();
  const param = (paramName: string, paramValue: string | number) => ({ paramName, paramValue, paramType: typeof paramValue === 'number' ? 8 : 12 });
  const upload = await as<Upload>('rina', 'POST', '/api/files/upload/B64', [
    param('parentType', 'messages'),
    param('parentID', imageMessage),
    param('orgID', 1001),
    param('srcFileName', 'notice.jpg'),
    param('base64String', (await testJpeg(5)).toString('base64')),
  ]);
  imageId = upload.body.fileId ?? '';
  sent.ownersImage = await send('rina', 101, { owners: true, renters: false }, imageId, imageMessage);
  sent.deskOwners = await send('miri', 102, { owners: true, renters: false });
  sent.deskEveryone = await send('miri', 102, { owners: true, renters: true });
});
afterAll(async () => server.close());

const boardOf = async (user: string, bid: number) => {
  const reply = await as<Board>(user, 'GET', `/api/binyan/buildings/${bid}/announcements`);
  expect(reply.status, `${user}: ${reply.text}`).toBe(200);
  return new Set((reply.body.records ?? []).map((m) => m.id));
};

describe('who reads a building’s messages', () => {
  it('gives an owner the owners’ messages and everyone’s, never the renters’', async () => {
    const board = await boardOf('moshe', 101);
    for (const id of [sent.owners, sent.everyone, sent.ownersImage]) expect(board.has(id)).toBe(true);
    expect(board.has(sent.renters)).toBe(false);
  });

  it('gives a renter the renters’ messages and everyone’s, never the owners’', async () => {
    const board = await boardOf('tali', 101);
    for (const id of [sent.renters, sent.everyone]) expect(board.has(id)).toBe(true);
    for (const id of [sent.owners, sent.ownersImage]) expect(board.has(id)).toBe(false);
  });

  it('gives workers, suppliers, the maintenance manager and the front desk only what went to everyone', async () => {
    for (const user of ['avi', 'eli', 'yossi']) {
      const board = await boardOf(user, 101);
      expect(board.has(sent.everyone), user).toBe(true);
      for (const id of [sent.owners, sent.renters, sent.ownersImage]) expect(board.has(id), user).toBe(false);
    }
    const desk = await boardOf('shimon', 102);
    expect(desk.has(sent.deskEveryone)).toBe(true);
    expect(desk.has(sent.deskOwners)).toBe(false);
  });

  it('gives those who send messages all of them', async () => {
    for (const user of ['rina', 'miri', 'admin']) {
      const board = await boardOf(user, 101);
      for (const id of [sent.owners, sent.renters, sent.everyone, sent.ownersImage]) expect(board.has(id), user).toBe(true);
    }
  });

  it('shows a message’s image only to those the message is addressed to', async () => {
    const image = (user: string) => as(user, 'GET', `/api/files/getImg?src=${encodeURIComponent(imageId)}`);
    for (const user of ['moshe', 'rina', 'miri']) expect((await image(user)).status, user).toBe(200);
    for (const user of ['tali', 'avi', 'eli', 'yossi']) expect((await image(user)).status, user).toBe(404);
    // The front desk of another building does not see it either.
    expect((await image('shimon')).status).toBe(403);
  });
});
