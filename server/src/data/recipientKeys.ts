// Whom a delivery row is for (message_deliveries.contactId): a building's contact (tenants, owners), or a
// staff account with no contact of the building (the committee and the office hear of residents'
// conversations, threadNotice.ts) under `account:<user id>`. A contact id is never of that form (record ids
// are UUIDs or the seed's own names), so the two never meet.
const ACCOUNT = 'account:';

export const accountRecipientKey = (userId: number): string => `${ACCOUNT}${userId}`;

/** The account behind a recipient key, or null when the key is a contact's. */
export function accountOfRecipientKey(key: string): number | null {
  if (!key.startsWith(ACCOUNT)) return null;
  const id = Number(key.slice(ACCOUNT.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
