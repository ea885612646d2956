// Coming back online, the calls screen refreshes the building's open calls while the replay sends the
// call made offline. When the server answers the refresh before it has the call, and that answer reaches
// the app after the replay's, the list it carries predates the call: the call must stay on the device
// (it once vanished: "the call is not stored on the device"). The race is forced here: the replay's batch
// waits until the server has answered the refresh, and that answer reaches the app once the call shows
// it was received.
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './fixtures/app';
import type { Network } from './fixtures/chaos';
import { startChaosApp } from './fixtures/chaosApp';
import type { ChaosApp } from './fixtures/chaosApp';
import type { ServerState } from './fixtures/serverState';
import { waitFor } from './fixtures/waitFor';
import type { AddServiceCallPage } from './pages/AddServiceCallPage';
import { text } from './pages/LoginPage';
import { ServiceCallsPage } from './pages/ServiceCallsPage';

const BUILDING = 102;
const MARK = 'רענון שנענה אחרי השליחה';
const DESCRIPTION = 'המנורה בחדר המדרגות בקומה השלישית אינה נדלקת';

type Listed = { id: string; subject?: string };

/** A stored row of the device's `serviceCalls` table. */
async function storedCall(app: TestApp, id: string): Promise<Listed | undefined> {
  return app.page.evaluate(
    (key) =>
      new Promise<Listed | undefined>((resolve, reject) => {
        const open = indexedDB.open('binyan');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('serviceCalls').objectStore('serviceCalls').get(key);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as Listed | undefined);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    id,
  );
}

/** `promise`, or a failure naming what never came (a hold must not hang the suite). */
async function within<T>(promise: Promise<T>, what: string, timeoutMs = 30_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`never came: ${what}`)), timeoutMs)));
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('a list refresh answered after the replay it raced', () => {
  let chaos: ChaosApp | undefined;
  let app: TestApp;
  let state: ServerState;
  let net: Network;
  let add: AddServiceCallPage;
  let list: ServiceCallsPage;

  beforeAll(async () => {
    chaos = await startChaosApp();
    ({ app, state, net, add } = chaos);
    list = new ServiceCallsPage(app.page, app.baseUrl);
  });

  afterAll(async () => {
    await chaos?.stop();
  });

  it('keeps the call made offline on the device, received, though the refresh did not list it', async () => {
    await add.open(BUILDING);
    await net.setOffline(true);
    await add.fill({ domain: 'general', description: DESCRIPTION });
    const id = await add.submit();
    await list.open(BUILDING);
    // The call's row and its sync badge (beside the row's link).
    const badge = (sync: 'local' | 'synced') =>
      list
        .panel()
        .getByRole('listitem')
        .filter({ hasText: DESCRIPTION })
        .getByRole('status', { name: text('he', 'sync', `state.${sync}`), exact: true });
    await list.waitVisible(badge('local'));

    const serverAnswered = deferred();
    const callReceived = deferred();
    let other = '';
    await app.context.route(
      (url) =>
        url.pathname === '/api/binyan/service-calls' && url.searchParams.get('tab') === 'open' && url.searchParams.get('buildingId') === String(BUILDING),
      async (route: Route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { records?: Listed[] } | Listed[];
        const records = Array.isArray(body) ? body : (body.records ?? []);
        serverAnswered.resolve();
        await callReceived.promise;
        // Another call of the first such list carries a mark: once it is stored, that answer has been applied.
        const marked = other === '' ? records.find((r) => r.id !== id) : undefined;
        if (marked) {
          other = marked.id;
          marked.subject = MARK;
        }
        await route.fulfill({ response, json: body });
      },
    );
    const batch = net.hold(/\/api\/binyan\/service-calls$/);
    await net.setOffline(false);
    await within(batch.arrived, 'the replay of the call');
    await within(serverAnswered.promise, 'the server’s answer to the list’s refresh');
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(0);
    batch.release();
    await list.waitVisible(badge('synced'));
    callReceived.resolve();

    await waitFor('the refresh applied', async () => (other !== '' && (await storedCall(app, other))?.subject === MARK ? true : undefined), 30_000);
    expect(await storedCall(app, id)).toMatchObject({ id, syncState: 'synced' });
    await list.waitVisible(badge('synced'));
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(1);
  });
});
