// Field-round rules the client shares with the server: a visit marked as made today needs a
// description (src/lib/domain/visitRules.ts); a reporter already registered to the building is
// refused however the phone is typed (src/lib/domain/contactRules.ts); a replayed visit is stored once.
import { describe, expect, it } from 'vitest';
import type { Rec } from './harness.ts';
import { newId, signedInServer } from './harness.ts';

type Reply = { record: Rec; error?: { code: string; messageKey: string; field?: string } };

const { post, patch, get } = signedInServer<Reply>();

describe('visits', () => {
  it('refuses "made today" without a description of at least 10 characters, on create and on patch', async () => {
    const refused = await post('/visits', { id: newId(), buildingId: 101, madeToday: true, description: 'ok' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ messageKey: 'errors:descriptionTooShort', field: 'description' });

    const ticked = await post('/visits', { id: newId(), buildingId: 102, madeToday: false, checklist: [{ id: 'a', label: 'x', done: true }] });
    expect(ticked.status).toBe(201);
    const bare = await patch(`/visits/${ticked.body.record.id}`, { baseVersion: 1, changes: { madeToday: true } });
    expect(bare.body.error?.messageKey).toBe('errors:requiredField');
    const done = await patch(`/visits/${ticked.body.record.id}`, {
      baseVersion: 1,
      changes: { madeToday: true, description: 'Lobby cleaned, bulbs replaced' },
    });
    expect(done.status).toBe(200);
    expect(done.body.record).toMatchObject({ madeToday: true, version: 2, checklist: [{ id: 'a', done: true }] });
  });

  it('stores a replayed visit once', async () => {
    const id = newId();
    const key = newId();
    const body = { id, buildingId: 103, madeToday: true, description: 'Checked the roof and gutters' };
    const first = await post('/visits', body, key);
    const again = await post('/visits', body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect((await get('/visits?buildingId=103')).filter((v) => v.id === id)).toHaveLength(1);
  });
});

describe('adding a reporter', () => {
  it('refuses a contact whose phone is registered to the building, even typed with +972', async () => {
    const known = (await get<Rec & { phone: string | null }>('/buildings/104/contacts')).find((c) => c.phone)!;
    const international = `+972-${String(known.phone).slice(1)}`;
    const refused = await post('/contacts', { id: newId(), buildingId: 104, firstName: 'Someone', lastName: 'New', phone: international });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'CONTACT_ALREADY_REGISTERED', field: 'phone' });
  });
});
