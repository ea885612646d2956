import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';
import { b64, testJpeg } from './images.ts';

type Rec = Record<string, unknown> & { id: string; version: number };

let server: TestServer;
let avi: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer();
  avi = (await loginAs(server, 'avi')).token;
  other = (await loginAs(server, 'other', 2002)).token;
});
afterAll(async () => server.close());

async function upload(token: string, parentType: string, parentID: string, fileID: string, seed: number) {
  return call(server, 'POST', '/api/files/upload/B64', {
    token,
    body: params({ parentType, parentID, orgID: 1001, fileID, createdBy: 0, srcFileName: 'a.jpg', base64String: b64(await testJpeg(seed)) }),
  });
}

describe('photos of a service call', () => {
  it('lists the files uploaded for the call and for its updates, and nothing else', async () => {
    const id = newId();
    const created = await call<{ record: Rec }>(server, 'POST', '/api/binyan/service-calls', {
      token: avi,
      body: { id, buildingId: 101, domain: 'plumbing', description: 'Water leak under the stairs' },
    });
    expect(created.status).toBe(201);
    const updateId = newId();
    await call(server, 'POST', `/api/binyan/service-calls/${id}/updates`, { token: avi, body: { id: updateId, text: 'Plumber came' } });
    const [callPhoto, updatePhoto, elsewhere] = [newId(), newId(), newId()];
    expect((await upload(avi, 'serviceCalls', id, callPhoto, 1)).status).toBe(200);
    await upload(avi, 'serviceCallUpdates', updateId, updatePhoto, 2);
    const otherCall = newId();
    await call(server, 'POST', '/api/binyan/service-calls', {
      token: avi,
      body: { id: otherCall, buildingId: 101, domain: 'plumbing', description: 'Another leak in the garage' },
    });
    expect((await upload(avi, 'serviceCalls', otherCall, elsewhere, 3)).body).toMatchObject({ APIResponseCode: 0, fileId: elsewhere });

    const files = await call<{ records: Rec[] }>(server, 'GET', `/api/binyan/service-calls/${id}/files`, { token: avi });
    expect(files.status).toBe(200);
    expect(files.body.records.map((f) => [f.id, f.parentType, f.parentId])).toEqual([
      [callPhoto, 'serviceCalls', id],
      [updatePhoto, 'serviceCallUpdates', updateId],
    ]);
    expect(files.body.records[0]).toMatchObject({ mimeType: 'image/jpeg', sha256: expect.any(String) });
  });

  it("refuses another company's call", async () => {
    const theirs = (await call<{ records: Rec[] }>(server, 'GET', '/api/binyan/service-calls?buildingId=201', { token: other })).body.records[0];
    const res = await call(server, 'GET', `/api/binyan/service-calls/${String(theirs?.id)}/files`, { token: avi });
    expect(res.status).toBe(403);
  });
});
