// A command's outside calls run after its commit (http/command.ts, issue 32 item 1): while fifty document
// mails wait on a slow mail server (held, not timed), the database is free, so the health check and a read
// answer; each mail goes out once, and the same fifty requests again send nothing.
import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply, TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import { startSmtpSink } from './smtpSink.ts';
import type { SmtpSink } from './smtpSink.ts';

const SENDS = 50;
/** Generous: a request that waits for a held mail never answers, whatever the machine's load. */
const ANSWER_WITHIN_MS = 15_000;

let server: TestServer;
let smtp: SmtpSink;
let token = '';

const as = (method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<Record<string, unknown>>(server, method, path, { token, ...(body !== undefined ? { body } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) });

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('minutes', { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** Resolves once `ready` holds (the state is polled, nothing is timed), or fails after `ms`. */
async function until(ready: () => boolean, what: string, ms = ANSWER_WITHIN_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The answer, or a refusal naming what did not answer while the mails were held. */
async function within<T>(answer: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer while the mails were held`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

beforeAll(async () => {
  smtp = await startSmtpSink({ held: true });
  server = await startTestServer({
    mailProvider: smtpMailProvider(smtp.url, 'Binyan <no-reply@binyan.test>'),
    usageLimits: { documentMailsPerUser: { max: 10 * SENDS, windowMs: 60 * 60_000 } },
  });
  token = (await loginAs(server, 'miri')).token;
});
afterAll(async () => {
  smtp?.release();
  await server?.close();
  await smtp?.close();
});

describe('effects after the commit', () => {
  it('keeps the database free while fifty mails are held, sends each once, and a replay sends none', async () => {
    const uploaded = await as('POST', '/api/binyan/documents', {
      id: newId(),
      buildingId: 101,
      kind: 'protocol',
      title: 'Minutes',
      isPublic: true,
      mimeType: 'application/pdf',
      fileName: 'minutes.pdf',
      base64: (await pdf()).toString('base64'),
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const docId = String((uploaded.body.record as { id: string }).id);

    const sends = Array.from({ length: SENDS }, (_, i) => ({ key: randomUUID(), id: newId(), to: `owner${i}@example.org` }));
    const send = (s: (typeof sends)[number]) => as('POST', `/api/binyan/documents/${docId}/send`, { id: s.id, to: s.to }, s.key);
    const answers: Promise<Reply>[] = sends.map(send);

    // Every send has committed and its mail waits on the server: none of them holds the database.
    await until(() => smtp.held() === SENDS, `${SENDS} mails held at once`);
    const health = await within(call(server, 'GET', '/api/health'), 'GET /api/health');
    expect(health.status).toBe(200);
    const buildings = await within(as('GET', '/api/binyan/buildings'), 'GET /api/binyan/buildings');
    expect(buildings.status, buildings.text).toBe(200);
    expect(smtp.held()).toBe(SENDS);
    expect(smtp.mails).toHaveLength(0);

    smtp.release();
    const sent = await Promise.all(answers);
    for (const reply of sent) expect(reply.status, reply.text).toBe(201);
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(sends.map((s) => s.to).sort());

    // The same requests again: their stored answers, and no second mail.
    const replayed = await Promise.all(sends.map(send));
    replayed.forEach((reply, i) => expect(reply.body).toEqual(sent[i]?.body));
    expect(smtp.mails).toHaveLength(SENDS);
  });
});
