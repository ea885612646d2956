import { describe, expect, it } from 'vitest';
import { documentRecipient, mayMailDocumentsAnywhere } from './documentRecipients';

describe('where a document may be e-mailed', () => {
  const household = [{ email: 'Moshe@Example.org' }, { email: 'tali@example.org' }];

  it('lets those who read all of a building’s documents send anywhere', () => {
    for (const role of ['worker', 'manager', 'maintenanceManager', 'committee', 'admin'] as const) {
      expect(mayMailDocumentsAnywhere(role), role).toBe(true);
      expect(documentRecipient(role, 'lawyer@example.org', [])).toBeNull();
    }
  });

  it('lets tenants and the front desk send only to their household’s addresses, in any letter case', () => {
    for (const role of ['owner', 'renter', 'receptionist', 'supplier'] as const) {
      expect(mayMailDocumentsAnywhere(role), role).toBe(false);
      expect(documentRecipient(role, ' moshe@example.ORG ', household)).toBeNull();
      expect(documentRecipient(role, 'moshe@example.org.evil.example', household)).toEqual({ field: 'to', messageKey: 'recipientNotAllowed' });
      expect(documentRecipient(role, 'tali@example.org', [])).toEqual({ field: 'to', messageKey: 'recipientNotAllowed' });
    }
  });
});
