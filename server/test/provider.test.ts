// Style 2 calls, uploads and translation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';

type Answer = Record<string, unknown> & { APIResponseCode: number };

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await loginAs(server, 'avi')).token;
});
afterAll(async () => server.close());

const style2 = (path: string, values: Record<string, string | number>, key?: string) =>
  call<Answer>(server, 'POST', `/api${path}`, { body: params(values), idempotencyKey: key ?? null });

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('login and settings calls', () => {
  it('loads a company; a password alone signs in only where the server allows it (signInLimits.test.ts)', async () => {
    expect((await style2('/dbActions/Login/Load', { CompID: 1001 })).body).toMatchObject({ APIResponseCode: 0, CompID: 1001, CompName: 'ניהול נכסים דמו' });
    expect((await style2('/dbActions/Login/Load', { CompID: 999 })).body.APIResponseCode).toBe(1);
    const auth = await style2('/dbActions/Login/AuthByCompID/v2', { CompID: 1001, UserName: 'dana', UserPswd: 'demo1234' });
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ APIResponseCode: 3, error: { messageKey: 'errors:passwordLoginDisabled' } });
    expect(auth.body).not.toHaveProperty('sessionToken');
  });

  it('answers worker data, logs data and global settings', async () => {
    const worker = await style2('/dbActions/callProc', {
      sessionToken: token,
      procName: 'WorkerApp_GetWorkerData',
      procParams: JSON.stringify(params({ UserName: 'avi', UserPswd: 'demo1234' })),
    });
    expect(worker.body).toMatchObject({
      APIResponseCode: 0,
      WorkerName: 'אבי כהן',
      WorkerGUID: expect.any(String),
      OpenServiceCallsCnt: expect.any(Number),
      showChecksDeposit: 1,
    });
    const log = await call<Answer>(server, 'POST', '/api/dbActions/callProc', {
      body: { params: params({ sessionToken: token, procName: 'LogData' }), procParams: { message: 'app started' } },
      idempotencyKey: null,
    });
    expect(log.body).toMatchObject({ APIResponseCode: 0, logged: true });
    const fn = await call<Answer>(server, 'POST', '/api/dbActions/dbFuncVal', {
      body: [
        ...params({ sessionToken: token, funcName: 'GetGlobalAPI' }),
        { paramName: 'funcParams', paramValue: params({ varName: 'tenant_app_min_db_var', org_id: 1001, user: 'avi' }), paramType: 12 },
      ],
      idempotencyKey: null,
    });
    expect(fn.body).toMatchObject({ APIResponseCode: 0, value: '2.1.56' });
    const old = await call<Answer>(server, 'GET', '/api/utils/AppData?AppName=binyan&AppVer=2.1.50', {});
    expect(old.body).toMatchObject({ APIResponseCode: 0, UpdateRequired: true });
    const current = await call<Answer>(server, 'GET', '/api/utils/AppData?AppName=binyan&AppVer=2.1.56', {});
    expect(current.body.UpdateRequired).toBe(false);
  });
});

describe('the settings reader (GetGlobalAPI)', () => {
  const globalValue = (sessionToken: string, varName: string) =>
    call<Answer>(server, 'POST', '/api/dbActions/dbFuncVal', {
      body: [
        ...params({ sessionToken, funcName: 'GetGlobalAPI' }),
        { paramName: 'funcParams', paramValue: params({ varName, org_id: 1001, user: 'moshe' }), paramType: 12 },
      ],
      idempotencyKey: null,
    });

  it('answers only the public settings the spec names, never the Web Push private key, to any user of any company', async () => {
    const moshe = (await loginAs(server, 'moshe')).token;
    const other = (await loginAs(server, 'other', 2002)).token;
    // The first push key request makes the server's VAPID key pair and keeps it.
    const publicKey = (await call<{ publicKey: string }>(server, 'GET', '/api/binyan/push/public-key', { token: moshe })).body.publicKey;
    expect(publicKey).toMatch(/^[\w-]{40,}$/);
    for (const user of [moshe, other, token]) {
      const secret = await globalValue(user, 'vapid_keys');
      expect(secret.body).toMatchObject({ APIResponseCode: 0, varName: 'vapid_keys', value: null });
      expect(secret.text).not.toContain(publicKey);
      expect((await globalValue(user, 'tenant_app_min_db_var')).body).toMatchObject({ APIResponseCode: 0, value: '2.1.56' });
    }
    // Names that are not public answer as unknown, whatever the table holds.
    for (const name of ['VAPID_KEYS', ' vapid_keys', 'session_secret', '']) expect((await globalValue(moshe, name)).body.value ?? null).toBeNull();
  });
});

describe('uploads', () => {
  // The upload body is big: it is authenticated by the Authorization header (or cookie), not its parameters.
  const upload = (values: Record<string, string | number>, key?: string) =>
    call<Answer>(server, 'POST', '/api/files/upload/B64', { token, body: params(values), idempotencyKey: key ?? null });

  const parentID = newId();
  beforeAll(async () => {
    await call(server, 'POST', '/api/binyan/service-calls', {
      token,
      body: { id: parentID, buildingId: 101, domain: 'plumbing', description: 'Water leak under the stairs' },
    });
  });

  it('stores an image once per company (dedupe by SHA-256) and serves it re-encoded as JPEG', async () => {
    const send = (fileID: string, key?: string) =>
      upload(
        {
          parentType: 'serviceCalls',
          parentID,
          orgID: 1001,
          fileID,
          createdBy: 'avi',
          srcFileName: 'a.png',
          base64String: `data:image/png;base64,${png.toString('base64')}`,
        },
        key,
      );
    const firstId = newId();
    const key = newId();
    const first = await send(firstId, key);
    expect(first.body).toMatchObject({ APIResponseCode: 0, fileId: firstId, deduplicated: false, idempotencyKey: key });
    expect(first.headers.get('idempotency-key')).toBe(key);
    const repeat = await send(firstId, key);
    expect(repeat.text).toBe(first.text);
    const second = await send(newId(), newId());
    expect(second.body).toMatchObject({ fileId: firstId, deduplicated: true });
    const img = await fetch(`${server.baseUrl}/api/files/getImg?src=${firstId}`, { headers: { authorization: token } });
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await img.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await call(server, 'GET', `/api/files/getImg?src=${newId()}`, { token })).status).toBe(404);
  });

  it('refuses what is not an image', async () => {
    const r = await upload({ parentType: 'serviceCalls', parentID, base64String: Buffer.from('hello world').toString('base64') });
    expect(r.body).toMatchObject({ APIResponseCode: 1, error: { messageKey: 'errors:onlyImageAllowed' } });
  });
});

describe('translation', () => {
  it('serves the dictionary for a language', async () => {
    const r = await call<{ LID: number; TranslateKey: string; TranslateData: string }[]>(server, 'GET', '/api/binyan/translations?lid=1', {});
    expect(r.body.length).toBeGreaterThan(3);
    expect(r.body.every((row) => row.LID === 1)).toBe(true);
    expect(r.body).toContainEqual({ LID: 1, TranslateKey: 'Service calls', TranslateData: 'קריאות שירות' });
  });

  it('translates a service call from the dictionary, or returns the original flagged', async () => {
    const created = await call<{ record: { id: string } }>(server, 'POST', '/api/binyan/service-calls', {
      token,
      body: { id: newId(), buildingId: 101, domain: 'elevator', subject: 'מעלית', description: 'המעלית תקועה בין הקומות. דחוף' },
    });
    const t = await style2('/binyan/TranslateProblem/SessionToken', { sessionToken: token, pid: created.body.record.id, toLanguage: 2 });
    expect(t.body).toMatchObject({ APIResponseCode: 0, TranslatedText: 'The elevator is stuck between floors. Urgent', translated: true });
    const ru = await style2('/binyan/TranslateProblem/SessionToken', { sessionToken: token, pid: created.body.record.id, toLanguage: 'ru' });
    expect(ru.body.TranslatedText).toBe('Лифт застрял между этажами. Срочно');
    const odd = await call<{ record: { id: string } }>(server, 'POST', '/api/binyan/service-calls', {
      token,
      body: { id: newId(), buildingId: 101, domain: 'general', description: 'משהו מוזר קורה ליד הבריכה' },
    });
    const u = await style2('/binyan/TranslateProblem/SessionToken', { sessionToken: token, pid: odd.body.record.id, toLanguage: 3 });
    expect(u.body).toMatchObject({
      APIResponseCode: 0,
      TranslatedText: 'משהו מוזר קורה ליד הבריכה',
      translated: false,
      messageKey: 'errors:couldNotTranslate',
    });
  });
});
