// A card typed on the reference provider's page, as a browser would (its form, then the 3-D Secure
// challenge when the card asks for one): tests save cards the way the app does, and never send a card
// to our API.
import { randomUUID } from 'node:crypto';
import { TEST_CHALLENGE_CODE } from '../src/payments/referenceProvider.ts';

export type TypedCard = { number: string; expiry?: string; cvv?: string };

/** The entry session our API opened (POST my/cards/entry). */
export type Entry = { id: string; url: string; origin: string; expiresAt: string };

export type PageAnswer = { status: number; html: string; location: string | null };

async function post(url: string, form: Record<string, string>): Promise<PageAnswer> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

/** GETs a page of the provider. */
export async function entryPage(url: string): Promise<PageAnswer & { headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, html: await res.text(), location: null, headers: res.headers };
}

/**
 * Types the card into the entry's page; a challenge card is answered with `code` (the test code unless
 * given; null cancels). Answers the page where the entry ended.
 */
export async function typeCard(entry: Entry, card: TypedCard, code: string | null = TEST_CHALLENGE_CODE): Promise<PageAnswer> {
  const typed = await post(entry.url, { number: card.number, expiry: card.expiry ?? '12/30', cvv: card.cvv ?? '123' });
  if (typed.status !== 303) return typed;
  const page = await entryPage(entry.url);
  if (!page.html.includes('/challenge"')) return page;
  await post(`${entry.url}/challenge`, code === null ? { action: 'cancel' } : { action: 'verify', code });
  return entryPage(entry.url);
}

type Reply = { status: number; body: unknown };

function entryOf(reply: Reply): Entry {
  const body = reply.body;
  if (reply.status !== 201 || !body || typeof body !== 'object' || !('entry' in body))
    throw new Error(`no card entry: ${reply.status} ${JSON.stringify(body)}`);
  const { entry } = body as { entry: Entry };
  return entry;
}

/**
 * The body of POST my/cards for a card typed on the provider's page: `open` opens the entry session as
 * the test's user (POST my/cards/entry).
 */
export async function enteredCard(
  open: () => Promise<Reply>,
  number: string,
  keep: boolean | null = true,
  expiry = '12/30',
  cvv = '123',
  id: string = randomUUID(),
): Promise<{ id: string; entryId: string; keep: boolean | null }> {
  const entry = entryOf(await open());
  await typeCard(entry, { number, expiry, cvv });
  return { id, entryId: entry.id, keep };
}

export { entryOf };
