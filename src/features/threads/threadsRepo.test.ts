import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { RuleError } from '../../lib/validation/rules';
import { runnableEntries } from '../../sync/replay/plan';
import { resetDb, USER } from '../../sync/testing/setup';
import { openedHere, openThread, writeMessage, writtenHere } from './threadsRepo';

const photo = { blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), width: 800, height: 600, hash: 'beef' };

beforeEach(resetDb);

describe('threadsRepo', () => {
  it("opens a thread offline: one entry for the thread and its first message, the photo's upload behind it", async () => {
    const id = await openThread({ addressee: 'office', subject: ' The parking remote ', text: 'It stopped opening the gate' }, [photo]);
    const [opened] = await openedHere();
    expect(opened?.value).toMatchObject({ id, addressee: 'office', subject: 'The parking remote', text: 'It stopped opening the gate' });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries).toMatchObject([
      { op: 'create', entityKey: `meta:thread.open:${id}`, request: { method: 'POST', path: 'threads' }, ownerUserKey: USER },
      { op: 'upload', kind: 'photo', dependsOn: [`meta:thread.open:${id}`] },
    ]);
    expect(entries[0]?.payload).toEqual({
      id,
      addressee: 'office',
      subject: 'The parking remote',
      messageId: opened?.value.messageId,
      text: 'It stopped opening the gate',
    });
    // The photo belongs to the first message on the server, and is not sent before the thread is.
    expect(await db.photos.get(String(entries[1]?.recordId))).toMatchObject({ ownerTable: 'threadMessages', ownerId: opened?.value.messageId });
    expect(runnableEntries(entries, Date.now() + 1, new Set()).map((e) => e.op)).toEqual(['create']);
  });

  it('a reply waits for its thread when that was opened offline too; its photo waits for the reply', async () => {
    const threadId = await openThread({ addressee: 'committee', subject: 'Plants', text: 'Can we put plants in the lobby?' });
    const messageId = await writeMessage(threadId, '  And a bench?  ', [photo]);
    expect((await writtenHere(threadId)).map((m) => m.value.text)).toEqual(['And a bench?']);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.slice(1)).toMatchObject([
      {
        op: 'create',
        entityKey: `meta:thread.message:${messageId}`,
        request: { path: `threads/${threadId}/messages` },
        dependsOn: [`meta:thread.open:${threadId}`],
      },
      { op: 'upload', dependsOn: [`meta:thread.message:${messageId}`] },
    ]);
  });

  it('refuses an empty message or a thread with no addressee before writing anything', async () => {
    await expect(openThread({ addressee: null, subject: 'Hi', text: 'Hello' })).rejects.toBeInstanceOf(RuleError);
    await expect(writeMessage('t1', '   ')).rejects.toBeInstanceOf(RuleError);
    expect(await db.outbox.count()).toBe(0);
  });
});
