import { describe, expect, it } from 'vitest';
import { hasStartupParams, readStartupParams, withoutStartupParams } from './startupParams';
import { sessionFieldsFromUser, sessionFieldsFromWorker } from '../../session/sessionFromUser';

const q = (s: string) => new URLSearchParams(s);

describe('start-up URL parameters', () => {
  it('reads sessintoken', () => {
    expect(readStartupParams(q('sessintoken=abc'))).toEqual({ kind: 'sessionToken', token: 'abc' });
  });

  it('reads userinfo with cpid, st, fa and hn', () => {
    const p = readStartupParams(q('userinfo=avi,demo,1234&cpid=1001&st=tok&fa=Herzl%205&hn=1'));
    expect(p).toMatchObject({
      kind: 'userInfo',
      patch: { userName: 'avi', compID: 1001, sessionToken: 'tok', loggedIn: true, fullAddress: 'Herzl 5', hideNavigation: true },
      password: 'demo,1234',
    });
  });

  it('keeps the userinfo password out of the session: without a token it is not signed in yet', () => {
    const p = readStartupParams(q('userinfo=avi,demo1234&cpid=1001'));
    expect(p).toMatchObject({ kind: 'userInfo', patch: { sessionToken: '', loggedIn: false, hideNavigation: false }, password: 'demo1234' });
    expect(JSON.stringify(p.kind === 'userInfo' ? p.patch : null)).not.toContain('demo1234');
  });

  it('reads bid with compid', () => {
    expect(readStartupParams(q('bid=7&compid=1001'))).toEqual({ kind: 'building', bid: 7, compId: 1001 });
    expect(readStartupParams(q('bid=7'))).toEqual({ kind: 'none' });
    expect(readStartupParams(q('bid=x&compid=1001'))).toEqual({ kind: 'none' });
  });

  it('removes only the start-up parameters from the URL', () => {
    expect(withoutStartupParams('http://h/keys?userinfo=a,b&cpid=1&st=t&fa=x&hn=1&tab=open#top')).toBe('/keys?tab=open#top');
    expect(withoutStartupParams('http://h/?sessintoken=abc')).toBe('/');
    expect(hasStartupParams(q('tab=open'))).toBe(false);
    expect(hasStartupParams(q('hn=1'))).toBe(true);
    expect(hasStartupParams(q('site=https%3A%2F%2Fwww.example.co.il'))).toBe(true);
    expect(withoutStartupParams('https://app.example/?site=https%3A%2F%2Fwww.example.co.il&tab=1#x')).toBe('/?tab=1#x');
  });
});

describe('session fields from the provider answers', () => {
  it('takes the spec fields and coerces their types', () => {
    const fields = sessionFieldsFromUser({
      userID: 3,
      compID: '1001',
      compGUID: 'g',
      WorkerName: 'Avi',
      createHok: 0,
      isBuildingValidToChex: 1,
      showChecksDeposit: 1,
      role: 'worker',
      bID: null,
    });
    expect(fields).toEqual({
      userID: 3,
      compID: 1001,
      compGUID: 'g',
      WorkerName: 'Avi',
      createHok: false,
      isBuildingValidToChex: true,
      showChecksDeposit: 1,
      role: 'worker',
    });
  });

  it('maps the worker data procedure answer', () => {
    expect(sessionFieldsFromWorker({ WorkerNumber: 12, WorkerGUID: 'w', OpenServiceCallsCnt: 4, allowReceptionistModule: 1 })).toEqual({
      workerID: 12,
      workerGUID: 'w',
      openServiceCallsCnt: 4,
      allowReceptionistModule: 1,
    });
  });
});
