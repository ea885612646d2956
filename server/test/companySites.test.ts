// The management company's customised sites (spec 2): staff keep the list of https addresses a start-up
// link may name; every user of the company reads it, no one of another company does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanySite } from '../src/seed/data.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, startTestServer } from './harness.ts';

type Reply = { sites?: string[]; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
const tokens = new Map<string, string>();
const as = (user: string, method: string, body?: unknown) =>
  call<Reply>(server, method, '/api/binyan/company/sites', { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['miri', 'tali', 'avi']) tokens.set(name, (await loginAs(server, name)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
});
afterAll(async () => server?.close());

describe('company sites', () => {
  it('shows the demo company’s site to its tenants and workers, and none to another company', async () => {
    for (const user of ['tali', 'avi']) expect((await as(user, 'GET')).body.sites, user).toEqual([demoCompanySite]);
    expect((await as('other', 'GET')).body.sites).toEqual([]);
  });

  it('lets management staff replace the list, kept in canonical form, and refuses everyone else', async () => {
    const saved = await as('miri', 'PUT', { sites: [demoCompanySite, ' https://Portal.Binyan-Demo.co.il/ '] });
    expect(saved.status).toBe(200);
    expect(saved.body.sites).toEqual([demoCompanySite, 'https://portal.binyan-demo.co.il']);
    expect((await as('tali', 'GET')).body.sites).toEqual([demoCompanySite, 'https://portal.binyan-demo.co.il']);
    for (const user of ['tali', 'avi']) expect((await as(user, 'PUT', { sites: [] })).status, user).toBe(403);
    expect((await as('tali', 'GET')).body.sites).toHaveLength(2);
  });

  it('refuses a non-https, malformed or repeated address and keeps the list as it was', async () => {
    expectRefused(await as('miri', 'PUT', { sites: ['http://www.binyan-demo.co.il'] }), 'invalidSiteUrl', { field: 'siteUrl' });
    expectRefused(await as('miri', 'PUT', { sites: ['javascript:alert(1)'] }), 'invalidSiteUrl', { field: 'siteUrl' });
    expectRefused(await as('miri', 'PUT', { sites: [demoCompanySite, `${demoCompanySite}/`] }), 'siteAlreadyListed', { field: 'siteUrl' });
    expect((await as('miri', 'GET')).body.sites).toHaveLength(2);
    expect((await as('miri', 'PUT', { sites: [demoCompanySite] })).body.sites).toEqual([demoCompanySite]);
  });
});
