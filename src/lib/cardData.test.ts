import { describe, expect, it } from 'vitest';
import { cardDataIn } from './cardData';
import { testCards } from './cards';

describe('card data in a request body', () => {
  it('finds a card number anywhere: a field, a nested batch change, with spaces or dashes, or as a JSON number', () => {
    expect(cardDataIn({ id: 'x', number: testCards.success })).toBe('number');
    expect(cardDataIn({ changes: [{ body: { note: '4580 0000 0000 0000' } }] })).toBe('changes.0.body.note');
    expect(cardDataIn({ pan: '3782-822463-10005' })).toBe('pan');
    expect(cardDataIn({ n: 4111111111111111 })).toBe('n');
    expect(cardDataIn(testCards.diners)).toBe('(body)');
    expect(cardDataIn({ description: `please charge 4580-0000-0000-0000 for the repair` })).toBe('description');
  });

  it('finds a security code by its field name, whatever its value', () => {
    expect(cardDataIn({ cvv: '123' })).toBe('cvv');
    expect(cardDataIn({ card: { CVC: 1234 } })).toBe('card.CVC');
    expect(cardDataIn({ securityCode: 'x' })).toBe('securityCode');
  });

  it('leaves ordinary data alone: phones, ids, amounts, short or non-Luhn digit runs, uuids, an empty security code', () => {
    expect(cardDataIn({ phone: '0521234567', intl: '+972521234567', id: '123456782', amountAgorot: 1_000_000 })).toBeNull();
    expect(cardDataIn({ barcode: '7290000000001', notLuhn: '4580000000000001', uuid: '4580a000-0000-0000-0000-000000000000' })).toBeNull();
    expect(cardDataIn({ note: 'call 052-123-4567 about invoice 2026-11-29, apartment 12', longer: '45800000000000000000' })).toBeNull();
    expect(cardDataIn({ entryId: 'e0c1', cvv: '', keep: true })).toBeNull();
  });

  it('never takes a record id for a card: about one random UUID in 650 holds a digit run that passes Luhn', () => {
    const id = '21358535-0799-4958-a947-60428388feb8'; // its "21358535-0799-4958" is 16 digits that pass Luhn
    expect(cardDataIn({ id, cardId: id, chargeIds: [id], reference: id })).toBeNull();
    expect(cardDataIn({ changes: [{ idempotencyKey: id, body: { id, apartmentId: id } }] })).toBeNull();
  });

  it('never takes a digit run inside a token for a card: a push endpoint with an id in its address, a base64 key', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/21358535-0799-4958-a947-60428388feb8:APA91bQ2x';
    expect(cardDataIn({ endpoint, keys: { p256dh: 'BL4580-0000-0000-0000xQ', auth: '_4111111111111111_' } })).toBeNull();
    expect(cardDataIn({ note: 'card 4111111111111111.' })).toBe('note');
  });
});
