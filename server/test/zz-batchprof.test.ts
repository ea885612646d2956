import { afterAll, beforeAll, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
let server: TestServer; let token: string;
beforeAll(async () => { server = await startTestServer(); token = (await loginAs(server, 'avi')).token; });
afterAll(async () => server.close());
it('times', async () => {
  const ids: string[] = [];
  const items = [];
  for (let i = 0; i < 100; i++) { const id = newId(); ids.push(id); items.push({ key: newId(), method: 'POST', path: 'binyan/service-calls', body: { id, buildingId: 102, domain: 'elevator', description: 'המעלית תקועה בין הקומות' }, baseVersion: 0, record: `s:${id}` }); }
  let t = performance.now();
  await call(server, 'POST', '/api/binyan/sync/batch', { token, body: { items }, idempotencyKey: null });
  console.log('creates batch 100', performance.now() - t);
  const patches = [];
  for (let n = 0; n < 2; n++) for (const id of ids) patches.push({ key: newId(), method: 'PATCH', path: `binyan/service-calls/${id}`, body: { changes: { subject: `x${n}` } }, baseVersion: 1, versionIn: 'body', record: `s:${id}` });
  t = performance.now();
  const r = await call<{results: {status: number}[]}>(server, 'POST', '/api/binyan/sync/batch', { token, body: { items: patches }, idempotencyKey: null });
  console.log('patch batch 200', performance.now() - t, r.body.results.filter((x) => x.status === 200).length);
  t = performance.now();
  for (const id of ids.slice(0, 50)) await call(server, 'PATCH', `/api/binyan/service-calls/${id}`, { token, body: { changes: { subject: 'y' }, baseVersion: 3 } });
  console.log('50 single', performance.now() - t);
});
