// Card entry never touches our server (issue 29 item 8): the reference provider serves its own
// card-entry page on its own origin (a second port), in the reader's language, framed by the app's
// origin only; a card that asks for 3-D Secure shows the bank's challenge (verified, or refused); our
// server redeems an entry once, for its own user, and refuses any body carrying a card number or a
// security code — on every route, a sync batch's change too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { openDatabase } from '../src/db/open.ts';
import { merchantOf } from '../src/payments/cardPayment.ts';
import { providerCardsOf, providerRedeemedEntriesOf } from '../src/payments/referenceProvider.ts';
import type { Entry } from './cardEntry.ts';
import { entryOf, entryPage, typeCard } from './cardEntry.ts';
import type { Reply, TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { roomyCardLimits } from './paymentState.ts';
import { approveTerms } from './terms.ts';

type Body = {
  record?: { id: string; last4: string; cardKind: string; kept: boolean };
  entry?: Entry;
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer({ usageLimits: roomyCardLimits });
  for (const name of ['moshe', 'tali', 'avi']) tokens.set(name, (await loginAs(server, name)).token);
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens.get(name) ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Body>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });
const open = async (user = 'moshe', lang = 'en') => entryOf(await as(user, 'POST', '/api/binyan/my/cards/entry', { lang }));
const save = (user: string, entry: Entry, id = newId()) => as(user, 'POST', '/api/binyan/my/cards', { id, entryId: entry.id, keep: true });

async function atProvider(): Promise<{ cards: number; redeemed: number }> {
  const db = openDatabase(server.database);
  try {
    return { cards: await providerCardsOf(db, merchantOf(1001)), redeemed: await providerRedeemedEntriesOf(db, merchantOf(1001)) };
  } finally {
    await db.close();
  }
}

function expectRefused(reply: Reply<Body>, field: string): void {
  expect(reply.status, reply.text).toBe(422);
  expect(reply.body.error).toMatchObject({ code: 'CARD_DATA_REFUSED', messageKey: 'errors:cardDataRefused', field });
  expect(reply.text).not.toContain(testCards.success);
}

describe('the provider’s card-entry page', () => {
  it('is served on its own origin, in the reader’s language, framed by the app’s origin only, and the app frames nothing else', async () => {
    const entry = await open('moshe', 'fr');
    const appOrigin = new URL(server.baseUrl).origin;
    expect(entry.origin).not.toBe(appOrigin);
    expect(new URL(entry.url).origin).toBe(entry.origin);
    const page = await entryPage(entry.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="fr" dir="ltr">');
    expect(page.html).toContain('<label for="number">Numéro de carte</label>');
    expect(page.html).toContain('autocomplete="cc-csc"');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${appOrigin}`);
    expect(csp).toContain("script-src 'self'");
    // Hebrew by default (an unknown language too), right to left.
    expect((await entryPage((await open('moshe', 'xx')).url)).html).toContain('<html lang="he" dir="rtl">');
    // The app may frame the provider's page and nothing else.
    const app = await call(server, 'GET', '/api/health');
    expect(app.headers.get('content-security-policy')).toContain(`frame-src ${entry.origin}`);
  });

  it('refuses a bad number on the page without using the entry, then saves the card our server redeems once, for its own user only', async () => {
    const before = await atProvider();
    const entry = await open();
    const bad = await typeCard(entry, { number: '4580000000000001' });
    expect(bad.status).toBe(200);
    expect(bad.html).toContain('aria-invalid="true"');
    expect(bad.html).toContain('The card number is not valid');
    // Not finished: nothing to redeem yet.
    expect((await save('moshe', entry)).body.error).toMatchObject({ code: 'CARD_REFUSED', messageKey: 'errors:cardEntryNotFinished' });
    const done = await typeCard(entry, { number: testCards.foreign });
    expect(done.html).toContain('data-status="entered"');
    expect(done.html).toContain(`data-app-origin="${new URL(server.baseUrl).origin}"`);
    expect(done.html).not.toContain('tok_');
    // Another tenant cannot redeem it, and trying does not spoil it for its own.
    expect((await save('tali', entry)).body.error).toMatchObject({ code: 'CARD_REFUSED', messageKey: 'errors:cardEntryNotFinished' });
    const saved = await save('moshe', entry);
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.record).toMatchObject({ last4: '1111', cardKind: 'foreign', kept: true });
    expect(saved.text).not.toContain('tok_');
    // Once: a second card from the same entry is refused.
    expect((await save('moshe', entry)).body.error).toMatchObject({ code: 'CARD_REFUSED', messageKey: 'errors:cardEntryNotFinished' });
    expect(await atProvider()).toEqual({ cards: before.cards + 1, redeemed: before.redeemed + 1 });
  });

  it('shows the bank’s 3-D Secure challenge: the right code saves the card; a refusing bank, a wrong code or a cancel do not', async () => {
    const passed = await open();
    const challenge = await entryPage(passed.url).then(async () => {
      await fetch(passed.url, { method: 'POST', body: new URLSearchParams({ number: testCards.challenge, expiry: '12/30', cvv: '123' }), redirect: 'manual' });
      return entryPage(passed.url);
    });
    expect(challenge.html).toContain('3-D Secure');
    expect(challenge.html).toContain('autocomplete="one-time-code"');
    // Until verified there is no card to redeem.
    expect((await save('moshe', passed)).body.error).toMatchObject({ messageKey: 'errors:cardEntryNotFinished' });
    const verified = await typeCard(passed, { number: testCards.challenge });
    expect(verified.html).toContain('data-status="entered"');
    expect((await save('moshe', passed)).status).toBe(201);

    for (const [number, code] of [
      [testCards.challengeRefused, undefined],
      [testCards.challenge, '000000'],
      [testCards.challenge, null],
    ] as const) {
      const entry = await open();
      const failed = await typeCard(entry, { number }, code);
      expect(failed.html).toContain('data-status="failed"');
      expect(failed.html).toContain('data-failure="authenticationFailed"');
      expect(failed.html).toContain('role="alert"');
      const refused = await save('moshe', entry);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'CARD_REFUSED', messageKey: 'errors:cardAuthenticationFailed' });
    }
  });

  it('expires an entry left unused', async () => {
    const entry = await open();
    server.clock.advance(16 * 60_000);
    const page = await entryPage(entry.url);
    expect(page.html).toContain('data-failure="entryUnusable"');
    expect((await typeCard(entry, { number: testCards.success })).html).not.toContain('data-status="entered"');
    expect((await save('moshe', entry)).body.error).toMatchObject({ messageKey: 'errors:cardEntryNotFinished' });
  });

  it('is opened only by a tenant who may pay: not by staff, nor without signing in', async () => {
    expect((await as('avi', 'POST', '/api/binyan/my/cards/entry', {})).status).toBe(403);
    expect((await call(server, 'POST', '/api/binyan/my/cards/entry', { body: {} })).status).toBe(401);
  });
});

describe('our API', () => {
  it('refuses a card number or a security code in any body, before anything else, and sends nothing to the provider', async () => {
    const before = await atProvider();
    expectRefused(
      await as('moshe', 'POST', '/api/binyan/my/cards', { id: newId(), number: testCards.success, expiry: '12/30', cvv: '123', keep: true }),
      'number',
    );
    expectRefused(await as('moshe', 'POST', '/api/binyan/my/cards', { id: newId(), entryId: 'x', keep: true, cvv: '123' }), 'cvv');
    expectRefused(
      await as('avi', 'POST', '/api/binyan/service-calls', {
        id: newId(),
        buildingId: 102,
        domain: 'elevator',
        description: `card ${testCards.diners.replace(/(\d{4})/g, '$1 ')}`,
      }),
      'description',
    );
    // Nobody signed in: refused as card data too (the value is never read further).
    expectRefused(await call<Body>(server, 'POST', '/api/binyan/my/cards', { body: { cvv: '123' } }), 'cvv');
    expect(await atProvider()).toEqual(before);
  });

  it('refuses such a change of a sync batch on its own, and applies the others', async () => {
    const good = newId();
    const item = (id: string, description: string) => ({
      key: newId(),
      method: 'POST',
      path: 'binyan/service-calls',
      body: { id, buildingId: 102, domain: 'elevator', description },
      baseVersion: 0,
      record: `serviceCalls:${id}`,
    });
    const reply = await call<{ results: { status: number; body: Body }[] }>(server, 'POST', '/api/binyan/sync/batch', {
      token: tokens.get('avi') ?? '',
      body: { items: [item(newId(), `כרטיס ${testCards.success}`), item(good, 'המעלית תקועה בין הקומות')] },
      idempotencyKey: null,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.results.map((r) => r.status)).toEqual([422, 201]);
    expect(reply.body.results[0]?.body.error).toMatchObject({ code: 'CARD_DATA_REFUSED', field: 'description' });
    expect((await as('avi', 'GET', `/api/binyan/service-calls/${good}`)).status).toBe(200);
  });
});
