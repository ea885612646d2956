import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { fakeFetch } from '../testing/fakeFetch';
import { authByCompId, isPasswordLoginDisabled, logout, otpAuth, otpSend, otpStart, renewSession } from './auth';
import { appData, getGlobal, getWorkerData } from './globals';
import { imageUrl, uploadB64 } from './files';
import { translateProblem } from './translate';

const ok = { APIResponseCode: 0, APIResponseText: '', APIResponseDescription: '' };

function setup(body: unknown = ok) {
  const fetch = fakeFetch(() => ({ body }));
  return { fetch, client: createApiClient({ fetch, getToken: () => 'tok' }) };
}

describe('auth calls', () => {
  it('start the OTP flow with application id 2 and no product prefix', async () => {
    const { fetch, client } = setup({ codeSent: true, sendTo: { target: '05*****67', target2: 'x' }, otpGuid: 'g' });
    const answer = await otpStart(client, { userName: 'avi', password: 'demo1234', compID: 1001, appGuid: 'a', otpPreferredSendMethod: 'sms' });
    expect(answer.otpGuid).toBe('g');
    expect(fetch.last()).toMatchObject({
      url: '/api/auth/otp/start',
      method: 'POST',
      body: { idParam1: 'avi', idParam2: 'demo1234', compID: 1001, appId: 2, appGuid: 'a', otpPreferredSendMethod: 'sms' },
    });
  });

  it('resend, verify and log out on the unprefixed paths', async () => {
    const { fetch, client } = setup({});
    await otpSend(client, 'g');
    expect(fetch.last()).toMatchObject({ url: '/api/auth/otp/send', body: { otpGuid: 'g' } });
    await otpAuth(client, { otpGuid: 'g', otpCode: '12345' });
    expect(fetch.last()).toMatchObject({ url: '/api/auth/otp/auth', body: { otpGuid: 'g', otpCode: '12345', saveSessionTokenInHttpCookie: true } });
    await otpAuth(client, { otpGuid: 'g', otpCode: '12345', deviceId: 'device-1234567890abcdef' });
    expect(fetch.last().body).toMatchObject({ deviceId: 'device-1234567890abcdef' });
    await renewSession(client, { renewalSecret: 'secret', deviceId: 'device-1234567890abcdef' });
    expect(fetch.last()).toMatchObject({
      url: '/api/auth/session/renew',
      method: 'POST',
      body: { renewalSecret: 'secret', deviceId: 'device-1234567890abcdef', saveSessionTokenInHttpCookie: true },
    });
    await logout(client);
    expect(fetch.last()).toMatchObject({ url: '/api/auth/logout', method: 'POST', body: {} });
    await logout(client, { renewalSecret: 'secret' });
    expect(fetch.last()).toMatchObject({ url: '/api/auth/logout', body: { renewalSecret: 'secret' } });
  });

  it('recognise a server that refuses a password alone', async () => {
    const { client } = setup({
      APIResponseCode: 3,
      APIResponseText: 'x',
      APIResponseDescription: 'PASSWORD_LOGIN_DISABLED',
      error: { messageKey: 'errors:passwordLoginDisabled' },
    });
    const refusal = await authByCompId(client, { compId: 1001, userName: 'avi', password: 'demo1234' }).catch((e: unknown) => e);
    expect(isPasswordLoginDisabled(refusal)).toBe(true);
    expect(isPasswordLoginDisabled(new Error('x'))).toBe(false);
  });

  it('call the style 2 login procedures with typed parameters', async () => {
    const { fetch, client } = setup({ ...ok, sessionToken: 's' });
    await authByCompId(client, { compId: 1001, userName: 'avi', password: 'demo1234' });
    expect(fetch.last()).toMatchObject({
      url: '/api/dbActions/Login/AuthByCompID/v2',
      body: [
        { paramName: 'CompID', paramValue: 1001, paramType: 8 },
        { paramName: 'UserName', paramValue: 'avi', paramType: 12 },
        { paramName: 'UserPswd', paramValue: 'demo1234', paramType: 12 },
      ],
    });
    await authByCompId(client, { compId: 1001, userName: 'avi', password: 'demo1234', deviceId: 'device-1234567890abcdef' });
    expect((fetch.last().body as unknown[]).at(-1)).toEqual({ paramName: 'DeviceId', paramValue: 'device-1234567890abcdef', paramType: 12 });
  });
});

describe('global and worker calls', () => {
  it('read a global setting through dbFuncVal GetGlobalAPI', async () => {
    const { fetch, client } = setup({ ...ok, value: '2.1.0' });
    const answer = await getGlobal(client, { varName: 'tenant_app_min_db_var', orgId: 1001, user: 'avi' });
    expect(answer.value).toBe('2.1.0');
    expect(fetch.last().url).toBe('/api/dbActions/dbFuncVal');
    expect(fetch.last().body).toEqual([
      { paramName: 'funcName', paramValue: 'GetGlobalAPI', paramType: 12 },
      {
        paramName: 'funcParams',
        paramValue: JSON.stringify([
          { paramName: 'varName', paramValue: 'tenant_app_min_db_var', paramType: 12 },
          { paramName: 'org_id', paramValue: 1001, paramType: 8 },
          { paramName: 'user', paramValue: 'avi', paramType: 12 },
        ]),
        paramType: 12,
      },
    ]);
  });

  it('load worker data through callProc', async () => {
    const { fetch, client } = setup({ ...ok, WorkerGUID: 'w' });
    await getWorkerData(client, { userName: 'avi' });
    expect(fetch.last().url).toBe('/api/dbActions/callProc');
    const procParamsOf = (body: unknown) => {
      const list = body as Array<{ paramName: string; paramValue: string }>;
      return { procName: list[0]?.paramValue, procParams: JSON.parse(list[1]?.paramValue ?? '[]') as unknown };
    };
    expect(procParamsOf(fetch.last().body)).toEqual({
      procName: 'WorkerApp_GetWorkerData',
      procParams: [{ paramName: 'UserName', paramValue: 'avi', paramType: 12 }],
    });
  });

  it('ask whether an update is required with the running version', async () => {
    const { fetch, client } = setup({ ...ok, UpdateRequired: false });
    expect((await appData(client)).UpdateRequired).toBe(false);
    expect(fetch.last().url).toBe('/api/utils/AppData?AppName=binyan&AppVer=2.1.56');
  });
});

describe('units, files and translation', () => {
  it('upload a base64 file with an Idempotency-Key', async () => {
    const { fetch, client } = setup({ ...ok, fileId: 'f1', url: '/api/files/getImg?src=f1', deduplicated: false });
    await uploadB64(
      client,
      { parentType: 'reading', parentID: 'r1', orgID: 1001, fileID: 'f1', createdBy: 7, srcFileName: 'a.jpg', base64String: 'AAA' },
      'key-1',
    );
    expect(fetch.last()).toMatchObject({ url: '/api/files/upload/B64', headers: { 'idempotency-key': 'key-1' } });
  });

  it('build image URLs through getImg unless the image is on an external host', () => {
    const client = createApiClient();
    expect(imageUrl(client, 'f 1')).toBe('/api/files/getImg?src=f+1');
    expect(imageUrl(client, 'https://img.example.com/a.jpg')).toBe('https://img.example.com/a.jpg');
  });

  it('translate a call under the product prefix', async () => {
    const { fetch, client } = setup({ ...ok, TranslatedText: 'x' });
    await translateProblem(client, { pid: 12, toLanguage: 2 }, 'tok');
    expect(fetch.last()).toMatchObject({ url: '/api/binyan/TranslateProblem/SessionToken', headers: { authorization: 'tok' } });
  });
});
