// A check as the device stores it once scanned (new, in its payment group, with bank details and no
// images sent yet), for the repository and replay tests; `extra` sets what a test needs otherwise.
import type { Check } from '../../../lib/domain/entities';

export const scannedCheck = (groupGuid: string, Amount: number, extra: Partial<Check> = {}): Check => ({
  CheckGuid: crypto.randomUUID(),
  TransactionNumber: null,
  checksHeaderID: null,
  ChecksHeaderGuid: groupGuid,
  CheckStatus: 1,
  Amount,
  DepositDate: '2030-01-15',
  ApprovedByUserId: null,
  ApprovalDate: null,
  SentToDeposit: false,
  LastStatusChange: new Date().toISOString(),
  LastStatusChangeByUserID: null,
  redirect: null,
  BankNumber: '12',
  BranchNumber: '600',
  AccountNumber: '123456',
  CheckNumber: '1000001',
  FrontImageId: null,
  BackImageId: null,
  version: 0,
  ...extra,
});

/** A photo's bytes as the repositories keep them (a JPEG's first bytes; nothing decodes them on the device). */
export const frontPhoto = { blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1])], { type: 'image/jpeg' }), width: 10, height: 10, hash: 'front' };
