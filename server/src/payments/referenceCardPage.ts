// The reference provider's card-entry page, on its own origin (its own port): the form the tenant types
// the card into, the 3-D Secure challenge a test card may ask for, and the answer page that tells the app
// (window.parent, the app's origin only) the entry's id and whether a card was entered — never the card,
// never the token. It works without script (plain forms, post-redirect-get); the one script posts the
// answer. Only the app's origin may frame it (CSP frame-ancestors), and nothing else may run in it.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { CARD_ENTRY_MESSAGE_SOURCE } from '../../../src/lib/cardEntry.ts';
import { pageLangOf, pageTexts } from './referenceCardPageTexts.ts';
import type { PageTexts } from './referenceCardPageTexts.ts';

/** What the page shows of a session (the provider's records). */
export type EntryView = {
  id: string;
  appOrigin: string;
  lang: string;
  status: 'open' | 'challenge' | 'entered' | 'failed' | 'redeemed';
  last4: string | null;
  failure: string | null;
  expired: boolean;
};

export type FieldError = 'number' | 'expiry' | 'cvv';

/** What the page asks of the provider's books. */
export type EntryBooks = {
  view(id: string): Promise<EntryView | null>;
  /** A card typed into an open session: a field's error, or null once tokenized (the session moves on). */
  enter(id: string, card: { number: string; expiry: string; cvv: string }): Promise<FieldError | null>;
  /** The challenge's answer: the code typed, or null when the tenant cancelled. */
  answerChallenge(id: string, code: string | null): Promise<void>;
};

const SCRIPT = `(() => {
  const b = document.body;
  const status = b.dataset.status;
  if (status !== 'entered' && status !== 'failed') return;
  if (window.parent === window) return;
  const message = { source: ${JSON.stringify(CARD_ENTRY_MESSAGE_SOURCE)}, entryId: b.dataset.entry, status };
  if (b.dataset.failure) message.failure = b.dataset.failure;
  window.parent.postMessage(message, b.dataset.appOrigin);
})();
`;

const STYLE = `*{box-sizing:border-box}body{margin:0;padding:1rem;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}
h1{font-size:1.125rem;margin:0 0 .5rem}p{margin:0 0 .75rem}.field{display:flex;flex-direction:column;gap:.25rem;margin-block-end:.75rem}
label{font-weight:600}input{font:inherit;padding:.5rem .625rem;border:1px solid #6b6b6b;border-radius:.375rem;min-block-size:2.75rem;direction:ltr;text-align:start}
input[aria-invalid=true]{border-color:#b00020}.hint{color:#555;font-size:.875rem}.error{color:#b00020;font-size:.875rem}
.row{display:flex;gap:.75rem}.row .field{flex:1}button{font:inherit;font-weight:600;min-block-size:2.75rem;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b57d0}.actions{display:flex;gap:.5rem;flex-wrap:wrap}.done{color:#0a6b2f;font-weight:600}.failed{color:#b00020;font-weight:600}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function field(
  name: FieldError | 'code',
  label: string,
  options: { error?: string | null; hint?: string; value?: string; autocomplete: string; inputmode?: string },
): string {
  const describedBy = [options.hint ? `${name}-hint` : '', options.error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field"><label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" autocomplete="${options.autocomplete}"${options.inputmode ? ` inputmode="${options.inputmode}"` : ''} value="${escapeHtml(options.value ?? '')}"${describedBy ? ` aria-describedby="${describedBy}"` : ''}${options.error ? ' aria-invalid="true"' : ''} required>
${options.hint ? `<span id="${name}-hint" class="hint">${escapeHtml(options.hint)}</span>` : ''}${options.error ? `<span id="${name}-error" class="error">${escapeHtml(options.error)}</span>` : ''}</div>`;
}

function page(entry: EntryView, body: string): string {
  const lang = pageLangOf(entry.lang);
  const t = pageTexts[lang];
  const data = `data-entry="${escapeHtml(entry.id)}" data-app-origin="${escapeHtml(entry.appOrigin)}" data-status="${entry.expired ? 'failed' : entry.status}"${entry.failure || entry.expired ? ` data-failure="${escapeHtml(entry.expired ? 'entryUnusable' : (entry.failure ?? ''))}"` : ''}`;
  return `<!doctype html><html lang="${lang}" dir="${lang === 'he' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t.title)}</title><link rel="stylesheet" href="/entry.css"></head><body ${data}><main>${body}</main><script src="/entry.js"></script></body></html>`;
}

function formPage(entry: EntryView, t: PageTexts, error: FieldError | null, values: { number: string; expiry: string }): string {
  const messages: Record<FieldError, string> = { number: t.invalidNumber, expiry: t.invalidExpiry, cvv: t.invalidCvv };
  return page(
    entry,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p>
<form method="post" action="/entry/${encodeURIComponent(entry.id)}" novalidate>
${field('number', t.number, { error: error === 'number' ? messages.number : null, value: values.number, autocomplete: 'cc-number', inputmode: 'numeric' })}
<div class="row">${field('expiry', t.expiry, { error: error === 'expiry' ? messages.expiry : null, hint: t.expiryHint, value: values.expiry, autocomplete: 'cc-exp' })}
${field('cvv', t.cvv, { error: error === 'cvv' ? messages.cvv : null, autocomplete: 'cc-csc', inputmode: 'numeric' })}</div>
<button type="submit">${escapeHtml(t.submit)}</button></form>`,
  );
}

function challengePage(entry: EntryView, t: PageTexts): string {
  return page(
    entry,
    `<h1>${escapeHtml(t.challengeTitle)}</h1><p>${escapeHtml(t.challengeIntro)}</p>
<form method="post" action="/entry/${encodeURIComponent(entry.id)}/challenge" novalidate>
${field('code', t.challengeCode, { hint: t.challengeHint, autocomplete: 'one-time-code', inputmode: 'numeric' })}
<div class="actions"><button type="submit" name="action" value="verify">${escapeHtml(t.challengeConfirm)}</button>
<button type="submit" name="action" value="cancel" class="secondary">${escapeHtml(t.challengeCancel)}</button></div></form>`,
  );
}

function resultPage(entry: EntryView, t: PageTexts): string {
  if (entry.expired) return page(entry, `<h1>${escapeHtml(t.title)}</h1><p class="failed" role="alert">${escapeHtml(t.expired)}</p>`);
  if (entry.status === 'failed') return page(entry, `<h1>${escapeHtml(t.title)}</h1><p class="failed" role="alert">${escapeHtml(t.authenticationFailed)}</p>`);
  return page(
    entry,
    `<h1>${escapeHtml(t.title)}</h1><p class="done" role="status">${escapeHtml(t.accepted.replace('{last4}', `•••• ${entry.last4 ?? ''}`))}</p>`,
  );
}

const MAX_FORM_BYTES = 4096;

async function formOf(req: IncomingMessage): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, type: string, body: string, frameAncestor?: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${frameAncestor ?? "'none'"}`,
  });
  res.end(body);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

async function handle(books: EntryBooks, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://provider');
  if (req.method === 'GET' && url.pathname === '/entry.js') return send(res, 200, 'text/javascript; charset=utf-8', SCRIPT);
  if (req.method === 'GET' && url.pathname === '/entry.css') return send(res, 200, 'text/css; charset=utf-8', STYLE);
  const match = /^\/entry\/([\w-]{1,80})(\/challenge)?$/.exec(url.pathname);
  const entry = match?.[1] ? await books.view(match[1]) : null;
  if (!match || !entry) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  const t = pageTexts[pageLangOf(entry.lang)];
  const html = (body: string) => send(res, 200, 'text/html; charset=utf-8', body, entry.appOrigin);
  const here = `/entry/${encodeURIComponent(entry.id)}`;
  if (req.method === 'GET' && !match[2]) {
    if (entry.expired || entry.status === 'entered' || entry.status === 'failed' || entry.status === 'redeemed') return html(resultPage(entry, t));
    return html(entry.status === 'challenge' ? challengePage(entry, t) : formPage(entry, t, null, { number: '', expiry: '' }));
  }
  if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
  const form = await formOf(req);
  if (!form) return send(res, 413, 'text/plain; charset=utf-8', 'Too large');
  if (entry.expired) return redirect(res, here);
  if (match[2]) {
    if (entry.status === 'challenge') await books.answerChallenge(entry.id, form.get('action') === 'cancel' ? null : (form.get('code') ?? '').trim());
    return redirect(res, here);
  }
  if (entry.status !== 'open') return redirect(res, here);
  const card = { number: form.get('number') ?? '', expiry: (form.get('expiry') ?? '').trim(), cvv: (form.get('cvv') ?? '').trim() };
  const error = await books.enter(entry.id, card);
  if (error) return html(formPage(entry, t, error, { number: card.number, expiry: card.expiry }));
  return redirect(res, here);
}

export type CardPageServer = { origin(): string | null; start(): Promise<void>; stop(): Promise<void> };

export type CardPageOptions = {
  /** The port to listen on; 0 picks a free one (tests). */
  port: number;
  host: string;
  /** The origin browsers reach it at (behind a proxy, or another host name); else http://host:port. */
  publicOrigin?: string;
};

export function cardPageServer(books: EntryBooks, options: CardPageOptions): CardPageServer {
  let server: Server | null = null;
  let origin: string | null = null;
  return {
    origin: () => origin,
    async start() {
      if (server) return;
      const started = createServer((req, res) => {
        handle(books, req, res).catch(() => {
          if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Error');
          else res.end();
        });
      });
      await new Promise<void>((resolve, reject) => {
        started.once('error', reject);
        started.listen(options.port, options.host, () => resolve());
      });
      server = started;
      const address = started.address();
      if (!address || typeof address === 'string') throw new Error('the card page has no port');
      const { port } = address;
      const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
      origin = options.publicOrigin ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    },
    async stop() {
      const running = server;
      server = null;
      if (!running) return;
      running.closeAllConnections();
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
}
