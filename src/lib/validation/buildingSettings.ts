// Building settings that only management staff change (src/lib/rights 'buildings.editSettings'), with
// the format checks shared by the office screens and the server.
import type { RuleResult } from './rules.ts';
import { isBlank } from './rules.ts';

/** Israeli bank account: bank (2 digits) - branch (3) - account (4 to 13 digits), e.g. 12-345-678901. */
const BANK_ACCOUNT = /^\d{2}-\d{3}-\d{4,13}$/;

export function bankAccount(value: string | null | undefined, field = 'bankAccount'): RuleResult {
  if (isBlank(value)) return null;
  return BANK_ACCOUNT.test((value ?? '').trim()) ? null : { field, messageKey: 'invalidBankAccount' };
}

/** How a logo is referenced: an uploaded file (its id) or a path on this site. Anything else is refused. */
export type LogoReference = { kind: 'file'; id: string } | { kind: 'path'; path: string };

const FILE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function logoReference(value: string): LogoReference | null {
  const v = value.trim();
  // A same-origin path: one leading slash, no scheme, no protocol-relative `//host`, no backslash tricks.
  if (/^\/(?![/\\])[^\s\\]*$/.test(v) && !/^\/[^?#]*:/.test(v)) return { kind: 'path', path: v };
  if (FILE_ID.test(v)) return { kind: 'file', id: v };
  return null;
}

export function logo(value: string | null | undefined, field = 'logoUrl'): RuleResult {
  if (isBlank(value)) return null;
  return logoReference(value ?? '') ? null : { field, messageKey: 'invalidLogo' };
}
